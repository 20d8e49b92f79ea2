import { encode } from 'uqr';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The share link as a QR code, drawn here as SVG from uqr's module matrix (no image service, no
 * markup parsing): one path of dark squares on a white square with a quiet zone, so it scans on any
 * page colour.
 */
export function qrCode(link: string, label: string): SVGSVGElement {
  const { size, data } = encode(link, { ecc: 'M', border: 2 });
  const svg = document.createElementNS(SVG, 'svg');
  const attributes: Record<string, string> = {
    viewBox: `0 0 ${size} ${size}`,
    role: 'img',
    'aria-label': label,
    'shape-rendering': 'crispEdges',
    'data-testid': 'qr-code',
  };
  for (const name in attributes) svg.setAttribute(name, attributes[name]!);
  const background = document.createElementNS(SVG, 'rect');
  background.setAttribute('width', String(size));
  background.setAttribute('height', String(size));
  background.setAttribute('fill', '#fff');
  let d = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  const modules = document.createElementNS(SVG, 'path');
  modules.setAttribute('d', d);
  modules.setAttribute('fill', '#000');
  svg.append(background, modules);
  return svg;
}
