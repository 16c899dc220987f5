/**
 * The console's calls, typed by the contract (packages/contract/src/endpoints/operator*.ts): a body
 * is what a call takes (its zod input), an answer what it returns (its zod output).
 */
import type { OperatorRole, operatorEndpoints } from '@loyalty/contract';
import type { z } from 'zod';

type Endpoints = typeof operatorEndpoints;
export type OpPath = keyof Endpoints;
export type OpBody<P extends OpPath> = z.input<Endpoints[P]['body']>;
export type OpResponse<P extends OpPath> = z.output<Endpoints[P]['response']>;

export type { OperatorRole };
export type Operator = OpResponse<'admin/me'>;
export type MerchantRow = OpResponse<'admin/merchant/list'>['rows'][number];
export type MerchantStatus = MerchantRow['status'];
export type PackageRow = OpResponse<'admin/package/list'>['rows'][number];
export type LedgerRow = OpResponse<'admin/customer/show'>['ledger'][number];
export type TicketRow = OpResponse<'admin/ticket/list'>['rows'][number];
export type TicketMessage = OpResponse<'admin/ticket/show'>['messages'][number];
export type SettlementRow = OpResponse<'admin/settlement/list'>['rows'][number];
export type SettlementStatus = SettlementRow['status'];
export type CustomerRow = OpResponse<'admin/customer/list'>['rows'][number];
export type LogRow = OpResponse<'admin/log/list'>['rows'][number];
export type HomeData = OpResponse<'admin/home'>;
export type InvoiceRow = OpResponse<'admin/invoice/list'>['rows'][number];
export type TagRow = OpResponse<'admin/tag/list'>['rows'][number];
export type PackageFields = Omit<OpBody<'admin/package/edit'>, 'id'>;
