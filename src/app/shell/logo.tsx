/** The brand mark (the same drawing as the app icons). */
export function Logo({ size = 36 }: { size?: number }) {
  return <img src="/favicon.svg" width={size} height={size} alt="" />;
}
