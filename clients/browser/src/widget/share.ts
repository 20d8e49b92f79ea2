/** Share buttons are plain links to each network's share URL: no third-party script ever loads. */
export interface ShareTarget {
  name: string;
  href: string;
  /** mailto: opens the mail client in place; the others open a new tab. */
  newTab: boolean;
}

export function shareTargets(link: string, message: string, subject: string, email: string): ShareTarget[] {
  const e = encodeURIComponent;
  const text = `${message} ${link}`;
  return [
    { name: email, href: `mailto:?subject=${e(subject)}&body=${e(text)}`, newTab: false },
    { name: 'X', href: `https://twitter.com/intent/tweet?text=${e(message)}&url=${e(link)}`, newTab: true },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${e(link)}`, newTab: true },
    { name: 'WhatsApp', href: `https://wa.me/?text=${e(text)}`, newTab: true },
    {
      name: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${e(link)}`,
      newTab: true,
    },
  ];
}
