import { demoProviders } from '../server/seed/demo-providers';
import { providerListOrder } from '../src/domain/provider';
import type { Provider } from '../src/domain/provider';

/** `count` distinct providers derived from the demo ones (same shape, varied status and ratings). */
export function manyProviders(count: number): Provider[] {
  const base = demoProviders(new Date());
  return Array.from({ length: count }, (_, i) => {
    const template = base[i % base.length]!;
    const isOnline = (i * 7919) % 2 === 0;
    const rating = Math.round((4 + ((i * 37) % 11) / 10) * 10) / 10;
    const reviewCount = 3 + ((i * 131) % 400);
    const p: Provider = {
      ...template,
      id: `bench-${String(i).padStart(5, '0')}`,
      slug: `${template.slug}-${i}`,
      isOnline,
      availability: isOnline ? 'available' : 'unavailable',
      rating: Math.min(5, rating),
      reviewCount,
    };
    return { ...p, listOrder: providerListOrder(p) };
  });
}
