import type { Product } from '@loyalty/contract';
import { Badge, Card, Center, Group, Image, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconBox } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount, Bdi } from '../../components/bidi';
import { BottomSheet } from '../../components/bottom-sheet';
import { DetailScreen } from '../../components/detail-screen';
import { EditButton } from '../../components/edit-button';
import { ImageUpload } from '../../components/image-upload';
import { Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { imageUrl } from '../../lib/api';
import { formatNumber, formatPoints, formatPrice } from '../../lib/format';
import { localized } from '../../lib/localized';
import { useCan } from '../../lib/permissions';
import { useIdParam } from '../../lib/route-id';
import { useSession } from '../../lib/session';
import { useProduct, useUploadProductImage } from './api';
import { ProductForm } from './product-form';
import classes from './products.module.css';

function Information({ product }: { product: Product }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('products.price'), <Amount key="p">{formatPrice(product.price)}</Amount>],
    [t('products.points'), <Amount key="pt">{formatPoints(product.points)}</Amount>],
    [t('products.stockAmount'), <Ltr key="s">{formatNumber(product.stockAmount, undefined, 0)}</Ltr>],
    [t('products.deliveryAvailability'), product.deliveryAvailability ? t('products.yes') : t('products.no')],
    [t('products.merchant'), <Bdi key="m">{product.merchant.name}</Bdi>],
    [
      t('products.tags'),
      product.tags.length > 0 ? <Bdi key="t">{product.tags.map((tag) => tag.name).join(', ')}</Bdi> : '—',
    ],
  ];
  return (
    <Table variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="45%">{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /product/:id: image (merchants upload one), tabs Information and Description, update sheet (merchants, and staff with editProducts). */
export function ProductDetailsPage() {
  const { t } = useTranslation();
  const { role } = useSession();
  const isMerchant = role === 'merchant';
  const id = useIdParam();
  const product = useProduct(isMerchant ? 'merchant' : 'merchantUser', id);
  // staff whose permission set holds editProducts update it (and its stock) too (issue 27); the image stays the merchant's
  const canEdit = useCan()('editProducts');
  const title = t('screens.productDetails');
  const back = '/setting?sheet=products';
  return (
    <DetailScreen id={id} query={product} title={title} back={back}>
      {(p) => <ProductDetails product={p} title={title} back={back} isMerchant={isMerchant} canEdit={canEdit} />}
    </DetailScreen>
  );
}

function ProductDetails({
  product: p,
  title,
  back,
  isMerchant,
  canEdit,
}: {
  product: Product;
  title: string;
  back: string;
  isMerchant: boolean;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUploadProductImage();
  const [editing, setEditing] = useState(false);
  const name = localized(p, 'name');
  const src = imageUrl(p.image);
  const inStock = p.stockAmount > 0;

  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        back={back}
        actions={canEdit && <EditButton onClick={() => setEditing(true)}>{t('products.update')}</EditButton>}
      />
      <Card withBorder radius="md">
        <Card.Section>
          {src ? (
            <Image src={src} alt={name} h={220} fit="cover" data-testid="product-image" />
          ) : (
            <Center h={160} bg="var(--mantine-color-blue-0)" c="blue.5" aria-hidden>
              <IconBox size={64} stroke={1.4} />
            </Center>
          )}
        </Card.Section>
        <Group justify="space-between" mt="sm" wrap="nowrap" align="flex-start" gap="xs">
          <Title order={2} size="h3" miw={0}>
            <Bdi>{name}</Bdi>
          </Title>
          {/* the badge keeps its full text ("Out Of Stock") even at 375 px: the title wraps instead */}
          <Badge color={inStock ? 'teal' : 'red'} variant="light" className={classes.stock} data-testid="stock-badge">
            {inStock ? t('products.inStock') : t('products.outOfStock')}
          </Badge>
        </Group>
        <Group justify="space-between" mt={4}>
          <Text fw={700} c="teal.9">
            <Amount>{formatPrice(p.price)}</Amount>
          </Text>
          <Text fw={600} c="var(--mantine-color-orange-light-color)">
            <Amount>{formatPoints(p.points)}</Amount>
          </Text>
        </Group>
        {isMerchant && (
          <Stack mt="sm">
            <ImageUpload
              label={p.image ? t('products.changeImage') : t('products.uploadImage')}
              upload={([file], onProgress) => upload.mutateAsync({ productId: p.id, file, onProgress })}
            />
          </Stack>
        )}
      </Card>
      <Tabs defaultValue="information">
        <Tabs.List grow>
          <Tabs.Tab value="information">{t('products.information')}</Tabs.Tab>
          <Tabs.Tab value="description">{t('products.description')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="information" pt="md">
          <Information product={p} />
        </Tabs.Panel>
        <Tabs.Panel value="description" pt="md">
          <Text>
            <Bdi>{localized(p, 'description')}</Bdi>
          </Text>
        </Tabs.Panel>
      </Tabs>
      {canEdit && (
        <BottomSheet opened={editing} onClose={() => setEditing(false)} title={t('products.update')}>
          <ProductForm product={p} onDone={() => setEditing(false)} />
        </BottomSheet>
      )}
    </Stack>
  );
}
