import type { Page } from '@playwright/test';

/**
 * The selects of the page's main content whose chosen option does not fit in them: a phone shows
 * "Toutes les langu" when a select is narrower than its label. The label's width is measured in
 * the select's own font and compared with the room the select leaves it (its width less the
 * padding, which holds the arrow). Hidden selects are left out.
 */
export async function cutSelectLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    return [...document.querySelectorAll<HTMLSelectElement>('main select')]
      .filter((select) => select.getClientRects().length > 0)
      .flatMap((select) => {
        const style = getComputedStyle(select);
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const label = select.selectedOptions[0]?.text ?? '';
        const needed = context.measureText(label).width;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const name = select.labels?.[0]?.textContent?.trim() ?? select.name;
        return needed > room + 0.5
          ? [`"${name}" shows "${label}" (${Math.round(needed)} px) in ${Math.round(room)} px`]
          : [];
      });
  });
}
