/** Share buttons are plain links to each network's share URL: no third-party script ever loads. */
export interface ShareTarget {
  name: string;
  href: string;
  /** mailto: and sms: open the mail or messages app in place; the others open a new tab. */
  newTab: boolean;
}

/** A phone or tablet (a coarse pointer): where an SMS link opens a messages app. */
export function coarsePointer(): boolean {
  return !!window.matchMedia && window.matchMedia('(pointer: coarse)').matches;
}

/** `message` is the server's rendered share message, the link already in it. */
export function shareTargets(
  link: string,
  message: string,
  subject: string,
  names: { email: string; sms: boolean },
): ShareTarget[] {
  const e = encodeURIComponent;
  const targets: ShareTarget[] = [
    { name: names.email, href: `mailto:?subject=${e(subject)}&body=${e(message)}`, newTab: false },
  ];
  // `sms:?&body=` is the form both iOS and Android read.
  if (names.sms) targets.push({ name: 'SMS', href: `sms:?&body=${e(message)}`, newTab: false });
  return targets.concat([
    { name: 'WhatsApp', href: `https://wa.me/?text=${e(message)}`, newTab: true },
    { name: 'X', href: `https://twitter.com/intent/tweet?text=${e(message)}`, newTab: true },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${e(link)}`, newTab: true },
    {
      name: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${e(link)}`,
      newTab: true,
    },
  ]);
}
