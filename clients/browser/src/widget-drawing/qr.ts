const SVG = 'http://www.w3.org/2000/svg';

/** The share link's QR code as the widget route answers it (shared/domain/referrals/share-qr.ts). */
export interface QrMatrix {
  size: number;
  /** One bit a module, row by row, most significant bit first, base64. */
  modules: string;
}

/**
 * The share link as a QR code, drawn here as SVG from the module matrix the server encoded (no encoder in
 * the library, no image service, no markup parsing): one path of dark squares on a white square with a
 * quiet zone, so it scans on any page colour.
 */
export function qrCode(qr: QrMatrix, label: string): SVGSVGElement {
  const { size } = qr;
  const bytes = atob(qr.modules);
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
  for (let bit = 0; bit < size * size; bit += 1) {
    if (bytes.charCodeAt(bit >> 3) & (0x80 >> (bit & 7)))
      d += `M${bit % size} ${Math.floor(bit / size)}h1v1h-1z`;
  }
  const modules = document.createElementNS(SVG, 'path');
  modules.setAttribute('d', d);
  modules.setAttribute('fill', '#000');
  svg.append(background, modules);
  return svg;
}
