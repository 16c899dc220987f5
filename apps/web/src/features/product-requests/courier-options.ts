import type { Employee } from '@loyalty/contract';
import type { ComboboxData } from '@mantine/core';
import { localized } from '../../lib/localized';

const fullName = (u: { fName: string; mName: string; lName: string }) =>
  [u.fName, u.mName, u.lName].filter(Boolean).join(' ');

/**
 * The couriers to choose from (issue 23): each with its branch, those of the orders' branches first
 * (under that branch's name), then the others.
 */
export function courierOptions(
  couriers: readonly Employee[],
  orderBranchIds: readonly number[],
  labels: { otherBranches: string; noBranch: string },
): ComboboxData {
  const option = (e: Employee) => ({
    value: String(e.id),
    label: `${fullName(e.merchantUser)} · ${e.Branch ? localized(e.Branch, 'branchName') : labels.noBranch}`,
  });
  const near = couriers.filter((e) => e.branchId !== null && orderBranchIds.includes(e.branchId));
  const far = couriers.filter((e) => !near.includes(e));
  if (near.length === 0) return far.map(option);
  const groups = [...new Set(near.map((e) => e.branchId))].map((branchId) => {
    const here = near.filter((e) => e.branchId === branchId);
    const branch = here[0].Branch;
    return { group: branch ? localized(branch, 'branchName') : labels.noBranch, items: here.map(option) };
  });
  return far.length > 0 ? [...groups, { group: labels.otherBranches, items: far.map(option) }] : groups;
}
