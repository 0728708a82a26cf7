/**
 * A phone's photo is often over the desk's 2 MB (docs/member-app.md "意见反馈"): a still picture over 1 MB or wider
 * than 1600 px is drawn again as a JPEG of at most 1600 px before it is sent, as the chat page does. A GIF stays as it
 * is (it may move); a picture the browser cannot draw goes as it is, and the server's answer says what is wrong.
 */
export const SHRINK_OVER_BYTES = 1024 * 1024;
export const SHRINK_TO_PX = 1600;

export async function shrinkPhoto(file: File): Promise<File> {
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, SHRINK_TO_PX / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= SHRINK_OVER_BYTES) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ? new File([blob], 'photo.jpg', { type: 'image/jpeg' }) : file;
  } catch {
    return file;
  }
}
