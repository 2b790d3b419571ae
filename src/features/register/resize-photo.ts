/**
 * Profile photos are made small in the browser before they are sent (spec sections 5 and 9): the
 * longest side at most 200 px on a phone (viewport under 768 px) or 400 px otherwise, re-encoded as
 * JPEG at quality 0.8. A smaller picture is never enlarged. The size arithmetic is pure, so that it
 * can be tested without a canvas.
 */
import {
  BREAKPOINT_TABLET,
  PHOTO_JPEG_QUALITY,
  PHOTO_MAX_PX_MOBILE,
  PHOTO_MAX_PX_OTHER,
} from '../../domain/constants';

export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

export type Size = { width: number; height: number };

/** The longest side a photo may have on a screen this wide. */
export function photoMaxSide(viewportWidth: number): number {
  return viewportWidth < BREAKPOINT_TABLET ? PHOTO_MAX_PX_MOBILE : PHOTO_MAX_PX_OTHER;
}

/** The size to draw a picture at: its proportions kept, its longest side within `maxSide`. */
export function photoTargetSize(source: Size, maxSide: number): Size {
  const longest = Math.max(source.width, source.height);
  if (!(longest > 0)) throw new RangeError('The picture has no size');
  const scale = Math.min(1, maxSide / longest);
  return {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
}

export function isPhotoType(type: string): boolean {
  return (PHOTO_TYPES as readonly string[]).includes(type);
}

/**
 * Decodes a JPG or PNG file, draws it at its target size on a white background (a PNG's transparent
 * parts would otherwise turn black in JPEG) and answers the JPEG. Rejects when the file is not a
 * picture the browser can decode.
 */
export async function resizePhoto(file: Blob, viewportWidth = window.innerWidth): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const size = photoTargetSize(bitmap, photoMaxSide(viewportWidth));
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))),
        'image/jpeg',
        PHOTO_JPEG_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}
