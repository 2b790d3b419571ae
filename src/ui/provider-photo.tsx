import { DEFAULT_AVATAR } from '../domain/constants';

/**
 * A provider's photo; the default avatar when it cannot load (offline, before the image was ever
 * cached). Marked optional so that the error reporting does not log it.
 */
export function ProviderPhoto({ src, size, className }: { src: string; size: number; className?: string }) {
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={className}
      data-optional="true"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}
