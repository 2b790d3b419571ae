import type { Page } from '@playwright/test';

/**
 * Horizontal overflow, as a phone user meets it: the page scrolls sideways when the document is
 * wider than the screen. When it does, the culprits are named among the elements whose right edge
 * passes the screen: the widest (where) and the innermost ones (what), leaving out those inside a
 * box that clips or scrolls them (a strip that scrolls sideways on purpose does not move the page).
 */
export type Overflow = { scrollWidth: number; clientWidth: number; culprits: string[] };

export async function horizontalOverflow(page: Page): Promise<Overflow | undefined> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const clientWidth = root.clientWidth;
    if (root.scrollWidth <= clientWidth) return undefined;

    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== root; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    // CSS modules' class names read `_promoRow_4f9sr_67`: keep the author's name.
    const classOf = (element: Element) =>
      [...element.classList].map((name) => name.match(/^_(.+)_[\w-]+_\d+$/)?.[1] ?? name).join('.');
    const label = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = classOf(element);
      return `${element.tagName.toLowerCase()}${id}${classes ? `.${classes}` : ''}`;
    };
    const path = (element: Element) => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        parts.unshift(label(node));
        if (node.tagName === 'MAIN' || node.tagName === 'HEADER' || node.tagName === 'FOOTER') break;
      }
      return parts.slice(-4).join(' > ');
    };

    const sticking = [...document.body.querySelectorAll('*')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ element, box }) => box.width > 0 && box.right > clientWidth + 0.5 && !clipped(element));
    const describe = ({ element, box }: (typeof sticking)[number]) => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `${path(element)} "${text}" (${Math.round(box.width)} px wide, right edge at ${Math.round(box.right)} px)`;
    };
    // The widest names the region; the innermost ones (nothing inside them sticks out) the cause.
    const widest = [...sticking].sort((a, b) => b.box.width - a.box.width).slice(0, 1);
    const innermost = sticking
      .filter(
        ({ element }) =>
          !sticking.some((other) => other.element !== element && element.contains(other.element)),
      )
      .slice(0, 3);
    const culprits = [
      ...widest.map((entry) => `widest: ${describe(entry)}`),
      ...innermost.map((entry) => `innermost: ${describe(entry)}`),
    ];
    return { scrollWidth: root.scrollWidth, clientWidth, culprits };
  });
}

/** The failure message of an overflow: where, how much, and the elements that stick out. */
export function describeOverflow(where: string, overflow: Overflow): string {
  return [
    `${where}: the page is ${overflow.scrollWidth} px wide on a ${overflow.clientWidth} px screen`,
    ...overflow.culprits.map((culprit) => `  ${culprit}`),
  ].join('\n');
}
