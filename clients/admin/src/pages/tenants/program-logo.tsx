/**
 * The Program page's logo: the current one, or a plain "no logo" line; a file is uploaded at
 * once through uploadProgramLogo (apart from Save), with its progress announced and the server's refusal
 * shown under the control. A WebP is converted to PNG in the browser first (see webpAsPng).
 */
import { useState } from 'preact/hooks';
import { ApiError, gql } from '../../api';
import { Field, errorMessage, useReadOnly } from '../../components';
import { graphql } from '../../gql';

/** The largest logo the server takes (MAX_LOGO_BYTES). */
const MAX_LOGO_BYTES = 512 * 1024;

const UPLOAD = graphql(`
  mutation UploadProgramLogo($imageBase64: String!) {
    uploadProgramLogo(imageBase64: $imageBase64) {
      logoUrl
    }
  }
`);
const REMOVE = graphql(`
  mutation RemoveProgramLogo {
    removeProgramLogo {
      logoUrl
    }
  }
`);
/** The file as base64, without the data: URL's prefix. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * A WebP as a PNG, drawn by the browser: the server's image library decodes PNG and JPEG only. The
 * server still re-encodes what it gets, so this adds no trust.
 */
async function webpAsPng(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error(`${file.name} could not be read as a WebP image.`);
  });
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error(`${file.name} could not be converted to PNG.`);
  return new File([blob], file.name.replace(/\.webp$/i, '.png'), { type: 'image/png' });
}

/** The server's words for a refused upload (a validation error names imageBase64). */
function refusal(err: unknown): string {
  if (err instanceof ApiError && err.validationErrors?.length)
    return err.validationErrors.map((e) => e.message).join('; ');
  if (!(err instanceof ApiError) && err instanceof Error) return err.message;
  return errorMessage(err);
}

export function LogoField({ initialUrl }: { initialUrl: string | null }) {
  const [url, setUrl] = useState(initialUrl);
  const [busy, setBusy] = useState<'uploading' | 'removing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const readOnly = useReadOnly();

  async function change(run: () => Promise<string | null>, what: 'uploading' | 'removing', said: string) {
    setBusy(what);
    setError(null);
    setDone('');
    try {
      setUrl(await run());
      setDone(said);
    } catch (err) {
      setError(refusal(err));
    } finally {
      setBusy(null);
    }
  }

  function choose(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) {
      setDone('');
      setError(`${file.name} is ${Math.ceil(file.size / 1024)} KB: the logo may be at most 512 KB.`);
      return;
    }
    void change(
      async () =>
        (
          await gql(UPLOAD, {
            imageBase64: await readBase64(file.type === 'image/webp' ? await webpAsPng(file) : file),
          })
        ).uploadProgramLogo.logoUrl,
      'uploading',
      'Logo uploaded.',
    );
  }

  return (
    <div class="share-logo" aria-busy={busy !== null} data-testid="logo">
      <div class="share-logo-current">
        {url ? (
          <img src={url} alt="The current logo" class="share-logo-image" data-testid="logo-image" />
        ) : (
          <p class="cell-note" data-testid="logo-empty">
            No logo yet: the hosted pages show the program name alone.
          </p>
        )}
      </div>
      <Field
        name="logo"
        label="Logo"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={choose}
        hint="A PNG, JPEG or WebP image (a WebP is converted to PNG here), at most 512 KB and 2048×2048 pixels; saved at once, re-encoded to PNG."
        error={error}
        display={false}
      />
      {url && !readOnly && (
        <button
          type="button"
          class="button button-secondary"
          onClick={() =>
            void change(
              async () => (await gql(REMOVE)).removeProgramLogo.logoUrl,
              'removing',
              'Logo removed.',
            )
          }
        >
          Remove the logo
        </button>
      )}
      <p class="cell-note" role="status" aria-live="polite" data-testid="logo-status">
        {busy === 'uploading' ? 'Uploading the logo…' : busy === 'removing' ? 'Removing the logo…' : done}
      </p>
    </div>
  );
}
