import { ApiError, throwIfNotOk } from '../lib/api.ts';

/** The server refused a message with files (4xx): its reason names the file, so show it. */
export class UploadRefusedError extends ApiError {}

/** The failure toast of a write that may carry files: the server's reason, or the screen's text. */
export const uploadFailure = (fallback: string) => (error: Error) =>
  error instanceof UploadRefusedError && error.serverMessage ? error.serverMessage : fallback;

/**
 * POSTs a message and its files as multipart/form-data: the message first as the `data`
 * field (the server reads it before streaming the files), then the files. XMLHttpRequest,
 * not fetch, because only it reports upload progress (0 to 1) in every browser.
 */
export function sendWithFiles<T>(
  url: string,
  data: unknown,
  files: File[],
  onProgress: (done: number) => void,
): Promise<T> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const file of files) form.append('files', file, file.name);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new Error('The upload failed. Check your connection.'));
    xhr.onload = () => {
      // The answer as a Response, so a refusal becomes the same ApiError every write gives.
      const res = new Response(xhr.responseText, {
        status: xhr.status,
        statusText: xhr.statusText,
      });
      throwIfNotOk(res)
        .then(() => resolve(JSON.parse(xhr.responseText) as T))
        .catch((err: unknown) => {
          const refused = err instanceof ApiError && err.status !== 401 && err.status < 500;
          reject(
            refused
              ? new UploadRefusedError(err.status, err.message, err.serverMessage, err.data)
              : err,
          );
        });
    };
    xhr.send(form);
  });
}
