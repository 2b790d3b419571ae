import { describe, expect, it } from 'vitest';
import { BREAKPOINT_TABLET, PHOTO_MAX_PX_MOBILE, PHOTO_MAX_PX_OTHER } from '../../src/domain/constants';
import { isPhotoType, photoMaxSide, photoTargetSize } from '../../src/features/register/resize-photo';

describe('profile photo size', () => {
  it('allows 200 px on a phone and 400 px from the tablet width up', () => {
    expect(photoMaxSide(390)).toBe(PHOTO_MAX_PX_MOBILE);
    expect(photoMaxSide(BREAKPOINT_TABLET - 1)).toBe(200);
    expect(photoMaxSide(BREAKPOINT_TABLET)).toBe(PHOTO_MAX_PX_OTHER);
    expect(photoMaxSide(1440)).toBe(400);
  });

  it('brings the longest side down to the limit and keeps the proportions', () => {
    expect(photoTargetSize({ width: 4000, height: 3000 }, 400)).toEqual({ width: 400, height: 300 });
    expect(photoTargetSize({ width: 3000, height: 4000 }, 200)).toEqual({ width: 150, height: 200 });
    expect(photoTargetSize({ width: 1000, height: 1000 }, 200)).toEqual({ width: 200, height: 200 });
    expect(photoTargetSize({ width: 1001, height: 333 }, 400)).toEqual({ width: 400, height: 133 });
  });

  it('never enlarges a small picture', () => {
    expect(photoTargetSize({ width: 120, height: 90 }, 400)).toEqual({ width: 120, height: 90 });
    expect(photoTargetSize({ width: 400, height: 10 }, 400)).toEqual({ width: 400, height: 10 });
  });

  it('keeps at least one pixel on a very thin picture', () => {
    expect(photoTargetSize({ width: 5000, height: 2 }, 200)).toEqual({ width: 200, height: 1 });
  });

  it('refuses a picture without a size', () => {
    expect(() => photoTargetSize({ width: 0, height: 0 }, 200)).toThrow(RangeError);
    expect(() => photoTargetSize({ width: Number.NaN, height: 10 }, 200)).toThrow(RangeError);
  });

  it('takes JPEG and PNG files only', () => {
    expect(isPhotoType('image/jpeg')).toBe(true);
    expect(isPhotoType('image/png')).toBe(true);
    expect(isPhotoType('image/gif')).toBe(false);
    expect(isPhotoType('application/pdf')).toBe(false);
  });
});
