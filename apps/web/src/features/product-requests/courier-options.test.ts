import type { Employee } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { courierOptions } from './courier-options';

const courier = (
  id: number,
  fName: string,
  branch: { id: number; branchName: string; branchNameAr: string | null } | null,
): Employee => ({
  id,
  name: fName,
  branchId: branch?.id ?? null,
  Branch: branch,
  merchantUser: { id, rule: 'delivery', mobileNum: '97451000001', isActive: true, fName, mName: '', lName: 'Courier' },
  permissionSetId: null,
});
const westBay = { id: 1, branchName: 'West Bay', branchNameAr: null };
const pearl = { id: 2, branchName: 'The Pearl', branchNameAr: null };
const labels = { otherBranches: 'Other branches', noBranch: 'No branch' };

describe('courierOptions (issue 23, point 12)', () => {
  it("names each courier's branch and offers the order's branch first", () => {
    const all = [courier(1, 'Ali', pearl), courier(2, 'Yousef', westBay), courier(3, 'Omar', null)];
    expect(courierOptions(all, [1], labels)).toEqual([
      { group: 'West Bay', items: [{ value: '2', label: 'Yousef Courier · West Bay' }] },
      {
        group: 'Other branches',
        items: [
          { value: '1', label: 'Ali Courier · The Pearl' },
          { value: '3', label: 'Omar Courier · No branch' },
        ],
      },
    ]);
  });

  it('is a plain list when no courier works at the order branch', () => {
    expect(courierOptions([courier(1, 'Ali', pearl)], [1], labels)).toEqual([
      { value: '1', label: 'Ali Courier · The Pearl' },
    ]);
  });
});
