// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ageFromJmbg, birthDateOfJmbg, isAdultJmbg, jmbgControlDigit, jmbgFor } from '../../server/user/jmbg';
import { demoUsers } from '../../server/db/seed/users';

describe('JMBG', () => {
  it('checks the control digit and the calendar date', () => {
    const j = jmbgFor(new Date(Date.UTC(1985, 2, 15)));
    expect(j).toMatch(/^1503985\d{6}$/);
    expect(Number(j[12])).toBe(jmbgControlDigit(j.slice(0, 12)));
    expect(birthDateOfJmbg(j)?.toISOString().slice(0, 10)).toBe('1985-03-15');
    const wrongDigit = j.slice(0, 12) + String((Number(j[12]) + 1) % 10);
    expect(birthDateOfJmbg(wrongDigit)).toBeNull();
    expect(birthDateOfJmbg('123')).toBeNull();
    const feb30 = '3002985711230';
    expect(birthDateOfJmbg(feb30.slice(0, 12) + jmbgControlDigit(feb30.slice(0, 12)))).toBeNull();
  });

  it('computes the age in full years; 18 is adult (seed 001 §9), the day before the 18th birthday is not', () => {
    const j = jmbgFor(new Date(Date.UTC(2008, 5, 10)));
    expect(ageFromJmbg(j, new Date(Date.UTC(2026, 5, 9)))).toBe(17);
    expect(isAdultJmbg(j, new Date(Date.UTC(2026, 5, 9)))).toBe(false);
    expect(ageFromJmbg(j, new Date(Date.UTC(2026, 5, 10)))).toBe(18);
    expect(isAdultJmbg(j, new Date(Date.UTC(2026, 5, 10)))).toBe(true);
    expect(isAdultJmbg('0000000000000')).toBe(false);
  });

  it('the demo customer is adult and the demo minor is 16 whenever the seed runs', () => {
    for (const now of [new Date(Date.UTC(2026, 0, 1)), new Date(Date.UTC(2031, 6, 31))]) {
      const users = demoUsers(now);
      const customer = users.find((u) => u.username === 'marko.petrovic')!;
      const minor = users.find((u) => u.username === 'luka.nikolic')!;
      expect(isAdultJmbg(customer.jmbg!, now)).toBe(true);
      expect(ageFromJmbg(minor.jmbg!, now)).toBe(16);
    }
  });
});
