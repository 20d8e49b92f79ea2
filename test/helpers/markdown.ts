/** Markdown reading for the documentation tests: links outside code, and GitHub's heading slugs. */

/** The text with fenced code blocks and inline code spans blanked out (line numbers kept). */
function withoutCode(text: string): string {
  let inFence = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line.replace(/`[^`]*`/g, '``');
    })
    .join('\n');
}

/** Every inline link `[text](target)` and image `![alt](target)` outside code, with its line. */
export function markdownLinks(text: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  withoutCode(text)
    .split('\n')
    .forEach((line, index) => {
      for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        links.push({ target: match[1]!, line: index + 1 });
      }
    });
  return links;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, -1, -2 for repeats. */
export function headingSlugs(text: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}
