import type { Product } from '@loyalty/contract';
import { IconBox } from '@tabler/icons-react';
import { CatalogueCard } from '../../components/catalogue-card';
import { localized } from '../../lib/localized';

const fallback = { icon: IconBox, bg: 'var(--mantine-color-blue-0)', color: 'blue.5' };

/** A product in the 2-column grid (SPEC §2): image, name, description, price, points. */
export function ProductCard({ product, onOpen }: { product: Product; onOpen?: () => void }) {
  return (
    <CatalogueCard
      to={`/product/${product.id}`}
      onOpen={onOpen}
      testId="product-card"
      image={product.image}
      fallback={fallback}
      title={localized(product, 'name')}
      description={localized(product, 'description')}
      price={product.price}
      points={product.points}
    />
  );
}
