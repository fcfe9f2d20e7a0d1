import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createProductBody, updateProductBody } from '@bilheteira/shared/schemas/backoffice-bar-products';
import { BAR_VAT_RATES } from '@bilheteira/shared/vat';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import type { z } from 'zod';
import { FormError } from '../../../components/form-error';
import { notify } from '../../../lib/notice';
import { bodyResolver, fieldErrorOf, serverError } from '../form-kit';
import { CheckField, InputField, SelectField } from '../fields';
import { centsToEuros, eurosToCents, optionalInt } from '../money';
import { useProductChange, type ProductView } from './bar-products-api';

interface ProductValues {
  name: string;
  price: string;
  vat_rate: string;
  stock: string;
  active: boolean;
}

const toBody = (v: ProductValues) => {
  const stock = optionalInt(v.stock);
  return {
    name: v.name,
    price_cents: eurosToCents(v.price),
    vat_rate: Number(v.vat_rate),
    stock: typeof stock === 'string' && /^\d+$/.test(stock) ? Number(stock) : stock,
    active: v.active,
  };
};
const fieldOf = (path: string) => (path === 'price_cents' ? 'price' : path);

/** Adds a product or changes one: name, price with VAT, VAT rate, optional stock, on sale or not. */
export function ProductDialog({
  organizerId,
  eventId,
  product,
  onClose,
}: {
  organizerId: number;
  eventId: number;
  product: ProductView | null;
  onClose(): void;
}) {
  const { t } = useTranslation(['bar', 'common']);
  const change = useProductChange(organizerId, eventId);
  const [formError, setFormError] = useState<string | null>(null);
  const schema: z.ZodType<unknown> = product ? updateProductBody : createProductBody;
  const form = useForm<ProductValues, unknown, unknown>({
    resolver: bodyResolver(schema, toBody, fieldOf),
    defaultValues: {
      name: product?.name ?? '',
      price: centsToEuros(product?.price_cents),
      vat_rate: String(product?.vat_rate ?? 23),
      stock: product?.stock === null || product?.stock === undefined ? '' : String(product.stock),
      active: product?.active ?? true,
    },
  });
  const errorOf = fieldErrorOf(t, form.formState.errors);
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const res = product
        ? await change.mutateAsync({
            kind: 'update',
            id: product.id,
            body: body as z.output<typeof updateProductBody>,
          })
        : await change.mutateAsync({ kind: 'create', body: body as z.input<typeof createProductBody> });
      notify(res.message ?? t('bar:saved'));
      onClose();
    } catch (err) {
      setFormError(serverError(t, err, form.setError, fieldOf));
    }
  });
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={product ? t('bar:edit_product_title', { name: product.name }) : t('bar:add_product_title')}
      closeLabel={t('common:close')}
      testId="product-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <InputField
          id="product-name"
          label={t('bar:product_name')}
          error={errorOf('name')}
          registration={form.register('name')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id="product-price"
            label={t('bar:product_price')}
            hint={t('bar:product_price_hint')}
            inputMode="decimal"
            error={errorOf('price')}
            registration={form.register('price')}
          />
          <SelectField
            id="product-vat"
            label={t('bar:product_vat')}
            error={errorOf('vat_rate')}
            registration={form.register('vat_rate')}
          >
            {BAR_VAT_RATES.map((r) => (
              <option key={r} value={r}>
                {t('bar:vat_option', { rate: r })}
              </option>
            ))}
          </SelectField>
        </div>
        <InputField
          id="product-stock"
          label={t('bar:product_stock')}
          hint={t('bar:product_stock_hint')}
          inputMode="numeric"
          error={errorOf('stock')}
          registration={form.register('stock')}
        />
        <CheckField
          id="product-active"
          label={t('bar:product_active')}
          hint={t('bar:product_active_hint')}
          registration={form.register('active')}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button
            type="submit"
            className="btn-primary"
            disabled={change.isPending}
            data-testid="save-product"
          >
            {product ? t('bar:save') : t('bar:add_product')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
