import type { AuditEntry } from '@loyalty/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { renderScreen } from '../../test/render';
import { ActivityRow } from './activity-row';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const entry = (e: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  action: 'productRequest.assign',
  entity: 'productRequest',
  entityId: 10,
  actor: { type: 'merchant', id: 1, role: 'merchant', name: 'Doha Coffee House' },
  Branch: { id: 1, branchName: 'West Bay', branchNameAr: null },
  before: null,
  after: null,
  device: CHROME_ANDROID,
  override: null,
  createdAt: '2026-11-26T15:07:35.034Z',
  subject: null,
  names: { employees: {}, branches: {} },
  ...e,
});

const reassigned = entry({
  before: { employeeId: 2, deliveryStatus: 'pending' },
  after: { employeeId: 4, deliveryStatus: 'pending' },
  subject: { name: 'Cardamom latte', nameAr: 'لاتيه بالهيل' },
  names: { employees: { '2': 'Yousef Ali Courier2', '4': 'Yousef Ali Courier4' }, branches: {} },
});
const bought = entry({
  action: 'package.purchase',
  entity: 'packageRequest',
  entityId: 1,
  Branch: null,
  after: { package: 'Business', points: 2000, amountCents: 3500, card: '4242' },
  subject: { name: 'Business', nameAr: 'باقة الأعمال' },
});

const changes = () => screen.getAllByTestId('activity-change').map((l) => l.textContent);

describe("ActivityRow speaks the merchant's language (issue 23, point 9)", () => {
  afterEach(() => setLanguage('en'));

  it('names people, formats money and points, summarizes the device', () => {
    renderScreen(
      <>
        <ActivityRow entry={reassigned} display="USD" />
        <ActivityRow entry={bought} display="USD" />
      </>,
    );
    expect(changes()).toEqual([
      'Delivery employee: Yousef Ali Courier2 → Yousef Ali Courier4',
      'Delivery status: Assigned, not started → Assigned, not started',
      'Package: Business',
      'Points: 2,000 P',
      'Amount: $35',
      'Card: •••• 4242',
    ]);
    expect(screen.getByText(/Delivery assigned/).textContent).toContain('Cardamom latte');
    expect(screen.getAllByTestId('activity-device')[0].textContent).toBe('Device: Chrome on Android');
    expect(document.body.textContent).not.toContain('Mozilla');
  });

  it('shows a status by its label and an unassigned courier as no one', () => {
    renderScreen(
      <>
        <ActivityRow
          entry={entry({
            action: 'offerRequest.approve',
            entity: 'offerRequest',
            before: { status: 'pending' },
            after: { status: 'done' },
          })}
          display="USD"
        />
        <ActivityRow
          entry={entry({
            before: { employeeId: null, deliveryStatus: null },
            after: { employeeId: 2, deliveryStatus: 'pending' },
            names: { employees: { '2': 'Yousef' }, branches: {} },
          })}
          display="USD"
        />
      </>,
    );
    expect(changes()).toEqual([
      'Status: Pending → Approved',
      'Delivery employee: No one → Yousef',
      'Delivery status: Not assigned → Assigned, not started',
    ]);
  });

  it('in Arabic: Arabic names where they exist, the arrow pointing the way it reads, money in the chosen currency', async () => {
    await setLanguage('ar');
    renderScreen(
      <>
        <ActivityRow entry={reassigned} display="QAR" />
        <ActivityRow entry={bought} display="QAR" />
      </>,
    );
    const [courier, , pkg, , money] = changes();
    expect(courier).toContain('←');
    expect(courier).not.toContain('→');
    expect(pkg).toContain('باقة الأعمال');
    expect(money).toContain('127.40 ريال قطري');
    expect(screen.getByText(/إسناد توصيل/).textContent).toContain('لاتيه بالهيل');
  });
});

describe('a permission set change (issue 27)', () => {
  afterEach(() => setLanguage('en'));

  it('reads by the sets’ names, the default one as Standard rights', () => {
    const moved = entry({
      action: 'employee.update',
      entity: 'employee',
      entityId: 5,
      before: { permissionSet: null },
      after: { permissionSet: 'Cashier' },
    });
    renderScreen(<ActivityRow entry={moved} display="USD" />);
    expect(changes()).toEqual(['Permission set: Standard rights → Cashier']);
  });
});
