// The EKO coupon dialog keeps the keyboard's focus inside it: applying a code empties the field and disables "Primeni"
// (the button that had focus), removing a coupon removes its button; focus went to the page, and Escape no longer
// closed the dialog. Now it moves to the field for the next code, or to the last coupon's remove when the field is full.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import CouponList from '../../../components/pdp/CouponList';
import { makeRuntime, renderWith } from './helpers';

afterEach(cleanup);

type Vouchers = Array<{ voucherCode: string }>;

describe('coupon dialog focus', () => {
  it('after an apply the field for the next code has focus; after the last allowed one, that coupon\'s remove; after a remove, the field', async () => {
    const { rt } = makeRuntime();
    let setVouchers!: (v: Vouchers) => void;
    let vouchers: Vouchers = [];
    // the action answers after the cart (its vouchers) has changed, as cart.addVoucher does
    const emit = vi.fn(async (event: string, payload?: unknown) => {
      const code = (payload as { voucherCode: string }).voucherCode;
      vouchers = event === 'add' ? [...vouchers, { voucherCode: code }] : vouchers.filter((v) => v.voucherCode !== code);
      setVouchers(vouchers);
      return true;
    });
    function Host() {
      const [v, set] = useState<Vouchers>([]);
      setVouchers = set;
      return <CouponList vouchers={v} limit={2} emit={emit} enabled />;
    }
    renderWith(rt, <Host />);
    const field = screen.getAllByRole('textbox')[0] as HTMLInputElement;
    const apply = async (code: string) => {
      fireEvent.change(field, { target: { value: code } });
      const button = screen.getAllByRole('button', { name: 'pdp.coupon.apply' })[0] as HTMLButtonElement;
      button.focus();
      await act(async () => { fireEvent.submit(button.closest('form')!); });
    };
    await apply('EKO1');
    expect(document.activeElement).toBe(field);
    await apply('EKO2');
    expect(field.disabled).toBe(true);
    expect(document.activeElement?.closest('li')?.textContent).toContain('EKO2');
    await act(async () => { fireEvent.click(document.activeElement as HTMLElement); });
    expect(vouchers).toEqual([{ voucherCode: 'EKO1' }]);
    expect(document.activeElement).toBe(field);
  });
});
