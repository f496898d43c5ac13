import { useMoney as useRuntimeMoney } from '../../renderer/hooks';

export interface MoneyLike {
  value: number;
}

/** RSD formatting in the current language for any { value } (API Money) or plain number. */
export function useMoney(): { format(m: MoneyLike | number | null | undefined): string } {
  const money = useRuntimeMoney();
  return { format: (m) => money.format(m === null || m === undefined ? m : typeof m === 'number' ? m : m.value) };
}
