/**
 * Draws one flat, illustrated head-and-shoulders portrait per demo provider into
 * public/photos/providers/<id>.svg, so the demo directory has friendly faces without shipping
 * photos of real people. Deterministic from the provider id: rerunning rewrites identical files.
 *
 * Run: npx tsx scripts/generate-provider-photos.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRng, demoProviderEntries, hashString } from '../server/seed/demo-providers';
import type { DemoGender, DemoProviderEntry } from '../server/seed/demo-providers';

type Rng = ReturnType<typeof createRng>;

const OUT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../public/photos/providers');
const MAX_BYTES = 3 * 1024;

const BACKGROUNDS = [
  '#dbeafe',
  '#fde2e4',
  '#e2f0cb',
  '#fff1c1',
  '#e0e7ff',
  '#fce7f3',
  '#d1fae5',
  '#ede9fe',
  '#ffe8d6',
  '#cdeffd',
];
const SKIN = {
  light: ['#f8d9c0', '#f1c6a3', '#eab896'],
  eastAsian: ['#f3d5b5', '#e9c29b', '#ddb088'],
  medium: ['#d9a077', '#c68b59', '#b37650'],
  dark: ['#8d5a3b', '#6e4128'],
} as const;
const HAIR = {
  dark: ['#1f1a17', '#2e221b', '#3b2a20'],
  varied: ['#3b2a20', '#5a3a22', '#7b4a2a', '#8e3b1f', '#b8874a', '#d2ac6a', '#2e221b'],
  grey: ['#9e9e9e', '#c4c4c4'],
} as const;
const CASUAL = [
  '#2a9d8f',
  '#e76f51',
  '#f4a261',
  '#457b9d',
  '#8e7dbe',
  '#6a994e',
  '#e9c46a',
  '#ef476f',
  '#3d5a80',
];
const JACKETS = ['#1f2a44', '#2d3142', '#33415c', '#3a3a3a', '#22333b'];
const TIES = ['#9b2226', '#e63946', '#0b3d91', '#6a4c93'];

type SkinGroup = keyof typeof SKIN;

/** Rough skin-tone weights by country of origin, so the faces fit the names. */
function skinGroup(origin: string, rng: Rng): SkinGroup {
  if (['TH', 'VN', 'JP', 'SG'].includes(origin)) return 'eastAsian';
  if (['MA', 'AE', 'MX'].includes(origin)) return rng.chance(0.85) ? 'medium' : 'light';
  if (origin === 'BR') return rng.pick<SkinGroup>(['light', 'medium', 'medium', 'dark']);
  const roll = rng.next();
  return roll < 0.72 ? 'light' : roll < 0.88 ? 'medium' : 'dark';
}

function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number): string =>
    Math.max(0, Math.min(255, Math.round(((n >> shift) & 255) * factor)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

type HairStyle = 'short' | 'sidePart' | 'buzz' | 'curly' | 'bald' | 'long' | 'bob' | 'bun' | 'curlyLong';

type Look = {
  bg: string;
  skin: string;
  hair: string;
  style: HairStyle;
  clothing: string;
  formal: boolean;
  tie: string | undefined;
  beard: 'none' | 'full' | 'stubble';
  glasses: boolean;
  smile: 'open' | 'soft';
};

function chooseLook(entry: DemoProviderEntry): Look {
  const { provider, gender, origin } = entry;
  const rng = createRng(hashString(`portrait:${provider.id}`));
  const group = skinGroup(origin, rng);
  const darkHairOnly = group !== 'light' || ['MA', 'AE', 'MX', 'BR', 'ES', 'IT', 'PT'].includes(origin);
  const older = provider.yearsOfExperience >= 20 && rng.chance(0.45);
  const hair = older ? rng.pick(HAIR.grey) : rng.pick(darkHairOnly ? HAIR.dark : HAIR.varied);
  const style = chooseStyle(gender, group, rng);
  const formal = provider.role === 'lawyer';
  return {
    bg: rng.pick(BACKGROUNDS),
    skin: rng.pick(SKIN[group]),
    hair,
    style,
    clothing: formal ? rng.pick(JACKETS) : rng.pick(CASUAL),
    formal,
    tie: formal && gender === 'm' ? rng.pick(TIES) : undefined,
    beard:
      gender === 'm'
        ? style === 'bald'
          ? 'full'
          : rng.pick(['none', 'none', 'none', 'full', 'stubble'])
        : 'none',
    glasses: rng.chance(0.25),
    smile: rng.chance(0.5) ? 'open' : 'soft',
  };
}

function chooseStyle(gender: DemoGender, group: SkinGroup, rng: Rng): HairStyle {
  if (gender === 'm') {
    return rng.pick<HairStyle>(
      group === 'dark'
        ? ['buzz', 'curly', 'bald', 'short']
        : ['short', 'sidePart', 'buzz', 'curly', 'short', 'bald'],
    );
  }
  return rng.pick<HairStyle>(
    group === 'dark' ? ['curlyLong', 'bun', 'bob', 'long'] : ['long', 'bob', 'bun', 'long', 'curlyLong'],
  );
}

function circles(points: readonly (readonly [number, number, number])[], fill: string): string {
  return points.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`).join('');
}

/** Hair behind the head (long styles and the bun). */
function backHair(look: Look): string {
  const f = look.hair;
  switch (look.style) {
    case 'long':
      return `<path d="M84 120C80 70 102 54 128 54S176 70 172 120L180 206Q128 222 76 206Z" fill="${f}"/>`;
    case 'bob':
      return `<path d="M82 118C80 66 104 54 128 54S176 66 174 118L176 170Q160 178 146 170H110Q96 178 80 170Z" fill="${f}"/>`;
    case 'bun':
      return `<circle cx="128" cy="58" r="21" fill="${f}"/>`;
    case 'curlyLong':
      return circles(
        [
          [92, 96, 24],
          [84, 128, 24],
          [88, 160, 22],
          [98, 186, 18],
          [164, 96, 24],
          [172, 128, 24],
          [168, 160, 22],
          [158, 186, 18],
          [106, 70, 24],
          [128, 62, 24],
          [150, 70, 24],
        ],
        f,
      );
    default:
      return '';
  }
}

/** Hair in front of the head: the top and the fringe. */
function frontHair(look: Look): string {
  const f = look.hair;
  switch (look.style) {
    case 'short':
      return `<path d="M86 124C80 80 100 60 128 60S178 80 170 124C166 104 160 94 150 90C136 98 110 98 96 92C90 100 88 110 86 124Z" fill="${f}"/>`;
    case 'sidePart':
      return `<path d="M86 126C78 78 104 58 132 60S178 82 170 124C164 100 156 90 146 86C132 96 108 98 86 126Z" fill="${f}"/>`;
    case 'buzz':
      return `<path d="M89 114C88 80 106 66 128 66S168 80 167 114C160 94 150 86 128 86S96 94 89 114Z" fill="${f}" opacity=".9"/>`;
    case 'curly':
      return circles(
        [
          [92, 106, 12],
          [96, 88, 14],
          [108, 74, 14],
          [126, 68, 15],
          [144, 72, 14],
          [158, 84, 14],
          [165, 104, 12],
        ],
        f,
      );
    case 'bald':
      return `<path d="M88 130Q85 106 96 96Q94 114 97 130ZM168 130Q171 106 160 96Q162 114 159 130Z" fill="${f}"/>`;
    case 'long':
      return `<path d="M86 128C80 76 104 58 130 58S178 78 170 130C166 106 158 92 146 84C132 100 108 110 86 128Z" fill="${f}"/>`;
    case 'bob':
      return `<path d="M88 110C88 72 106 62 128 62S168 72 168 110C152 96 104 96 88 110Z" fill="${f}"/>`;
    case 'bun':
      return `<path d="M88 118C86 78 106 64 128 64S170 78 168 118C160 94 146 86 128 86S96 94 88 118Z" fill="${f}"/>`;
    case 'curlyLong':
      return circles(
        [
          [100, 86, 16],
          [118, 74, 16],
          [138, 74, 16],
          [156, 86, 16],
        ],
        f,
      );
  }
}

function body(look: Look): string {
  const shoulders = `<path d="M26 256C26 206 66 186 128 186S230 206 230 256Z" fill="${look.clothing}"/>`;
  const neckFill = shade(look.skin, 0.9);
  if (!look.formal) {
    const neck = `<path d="M110 146V188Q128 206 146 188V146Z" fill="${neckFill}"/>`;
    const band = `<path d="M107 186Q128 210 149 186" fill="none" stroke="${shade(look.clothing, 0.8)}" stroke-width="5"/>`;
    return shoulders + neck + band;
  }
  const lapel = shade(look.clothing, 0.75);
  const shirt = '<path d="M100 188L128 250L156 188Q128 200 100 188Z" fill="#f8f9fa"/>';
  const neck = `<path d="M111 146V192L128 212L145 192V146Z" fill="${neckFill}"/>`;
  const collar = '<path d="M109 186L128 212L116 222L101 194ZM147 186L128 212L140 222L155 194Z" fill="#fff"/>';
  const lapels = `<path d="M98 190L126 252L108 256L80 206ZM158 190L130 252L148 256L176 206Z" fill="${lapel}"/>`;
  const tie = look.tie ? `<path d="M124 212H132L137 242L128 254L119 242Z" fill="${look.tie}"/>` : '';
  return shoulders + shirt + neck + lapels + collar + tie;
}

function face(look: Look): string {
  const head = `<circle cx="88" cy="124" r="9" fill="${look.skin}"/><circle cx="168" cy="124" r="9" fill="${look.skin}"/><ellipse cx="128" cy="118" rx="40" ry="48" fill="${look.skin}"/>`;
  const brow = shade(look.hair === '#c4c4c4' ? '#9e9e9e' : look.hair, 0.9);
  const brows = `<path d="M104 109Q113 104 121 108M135 108Q143 104 152 109" fill="none" stroke="${brow}" stroke-width="3" stroke-linecap="round"/>`;
  const eyes =
    '<circle cx="113" cy="122" r="4.5" fill="#2b2b2b"/><circle cx="143" cy="122" r="4.5" fill="#2b2b2b"/>' +
    '<circle cx="114.4" cy="120.6" r="1.3" fill="#fff"/><circle cx="144.4" cy="120.6" r="1.3" fill="#fff"/>';
  const nose = `<path d="M128 127Q124 138 130 140" fill="none" stroke="${shade(look.skin, 0.78)}" stroke-width="2.5" stroke-linecap="round"/>`;
  const cheeks =
    '<circle cx="105" cy="141" r="7" fill="#ff7f7f" opacity=".22"/><circle cx="151" cy="141" r="7" fill="#ff7f7f" opacity=".22"/>';
  const beard = beardPath(look);
  const mouth =
    look.smile === 'open'
      ? '<path d="M114 148Q128 164 142 148Q128 153 114 148Z" fill="#7a2e2a"/>'
      : '<path d="M115 149Q128 159 141 149" fill="none" stroke="#8a3b2e" stroke-width="3.5" stroke-linecap="round"/>';
  const glasses = look.glasses
    ? '<g fill="none" stroke="#333" stroke-width="2.5"><circle cx="113" cy="122" r="11"/><circle cx="143" cy="122" r="11"/><path d="M124 121Q128 118 132 121"/></g>'
    : '';
  return head + frontHair(look) + brows + eyes + nose + cheeks + beard + mouth + glasses;
}

function beardPath(look: Look): string {
  if (look.beard === 'none') return '';
  const opacity = look.beard === 'stubble' ? ' opacity=".35"' : '';
  return `<path d="M89 126Q90 176 128 172Q166 176 167 126Q162 156 146 158Q128 148 110 158Q94 156 89 126Z" fill="${look.hair}"${opacity}/>`;
}

function portraitSvg(entry: DemoProviderEntry): string {
  const look = chooseLook(entry);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">' +
    `<rect width="256" height="256" fill="${look.bg}"/>` +
    // Drawn on a 256 grid, then enlarged a little so the face reads well at small avatar sizes.
    '<g transform="matrix(1.12 0 0 1.12 -15.4 -10.2)">' +
    backHair(look) +
    body(look) +
    face(look) +
    '</g></svg>\n'
  );
}

function main(): void {
  mkdirSync(OUT_DIR, { recursive: true });
  const entries = demoProviderEntries(new Date(0));
  for (const entry of entries) {
    const svg = portraitSvg(entry);
    if (Buffer.byteLength(svg) > MAX_BYTES)
      throw new Error(`${entry.provider.id}: portrait over ${MAX_BYTES} bytes`);
    writeFileSync(resolve(OUT_DIR, `${entry.provider.id}.svg`), svg);
  }
  console.log(`Wrote ${entries.length} portraits to ${OUT_DIR}`);
}

main();
