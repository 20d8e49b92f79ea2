import { buildBrowserLibrary } from './clients/browser/build';
import fs from 'node:fs';
buildBrowserLibrary().then((l) => fs.writeFileSync('/tmp/drawing.js', l.widgetDrawing.code));
