// @vitest-environment node
// What happens next after an order, for what was bought (schemas/rules/order-next-steps.json, server/checkout/next-steps.ts):
// the steps that fit the order's delivery, number, installation and SIM, with the order's number, store, e-mail and address.
import { beforeAll, describe, expect, it } from 'vitest';
import { nextSteps } from '../../server/checkout/index';
import type { UiDocuments } from '../../server/ui/documents';
import { loadUi } from './helpers';

let ui: UiDocuments;
beforeAll(async () => { ui = await loadUi(); });

const courier = { deliveryAddressType: 'DELIVERY_ADDRESS_NEW' };

describe('order next steps', () => {
  it('a phone with a new-number tariff by courier: e-mail, courier, the new number, the SIM activation', () => {
    const steps = nextSteps(ui, { checkoutType: 'MOBILE', deliveryAddress: courier, number: { option: 'MOBILE_NEW_SELECTION', msisdn: '0641112233', formatted: '064 111 2233' } }, ['DEVICE', 'TARIFF'], 'OT1', 'sr');
    expect(steps).toEqual([
      ui.message('sr', 'order.next.email'), ui.message('sr', 'order.next.courier'),
      'Tvoj novi broj je 064 111 2233.', ui.message('sr', 'order.next.activation'),
    ]);
  });

  it('a ported number: the transfer within 5 working days with the number, and no activation of a new SIM', () => {
    const steps = nextSteps(ui, { checkoutType: 'MOBILE', deliveryAddress: courier, number: { option: 'MOBILE_PORT_IN', msisdn: '0637771122', formatted: '063 777 1122' } }, ['TARIFF'], 'OT2', 'en');
    expect(steps.some((s) => s.includes('063 777 1122') && s.includes('5 working days'))).toBe(true);
    expect(steps).not.toContain(ui.message('en', 'order.next.activation'));
  });

  it('pickup names the store; an accessory alone has no number and no SIM', () => {
    const steps = nextSteps(ui, { checkoutType: 'STANDALONE', deliveryAddress: { deliveryAddressType: 'PICKUP_ADDRESS', pickupAddressString: 'Knez Mihailova, Beograd' } }, ['ACCESSORY'], 'OT3', 'sr');
    expect(steps).toEqual([ui.message('sr', 'order.next.email'), ui.message('sr', 'order.next.pickup', { store: 'Knez Mihailova, Beograd' })]);
  });

  it('a prepaid eSIM bought as a guest: the QR code by e-mail, the number, the registration within 24 hours; no courier', () => {
    const steps = nextSteps(ui, { checkoutType: 'MOBILE_PREPAID_GUEST', deliveryAddress: { deliveryAddressType: 'DELIVERY_EMAIL_ADDRESS', email: 'ana@example.rs' }, msisdn: '0601234000', number: { option: 'PREPAID', msisdn: '0601234000', formatted: '060 123 4000' } }, ['TARIFF'], 'OT4', 'sr');
    expect(steps.join('\n')).toContain('ana@example.rs');
    expect(steps.join('\n')).toContain('060 123 4000');
    expect(steps).toContain(ui.message('sr', 'order.next.prepaidRegistration', { msisdn: '060 123 4000' }));
    expect(steps).not.toContain(ui.message('sr', 'order.next.courier'));
  });

  it('a home package: the technician at the installation address, not a courier', () => {
    const steps = nextSteps(ui, { checkoutType: 'HOME_FIXED', deliveryAddress: { deliveryAddressType: 'DELIVERY_ADDRESS_INSTALLATION' }, homeLine: { formattedAddress: 'Takovska 2, Beograd' } }, ['BOX_PACKAGE'], 'OT5', 'sr');
    expect(steps).toEqual([ui.message('sr', 'order.next.email'), ui.message('sr', 'order.next.technician', { address: 'Takovska 2, Beograd' })]);
  });
});
