// The numbers module's public surface (MSISDN lists, reservations, port-in, the cart's number choice). Other modules
// and workflows import from here only; the module alone writes the tables of ./schema.ts. (Its routes, ./routes.ts,
// are wired by server/app.ts: they use the cart module, which reaches this surface through server/flows/.)
export {
  ESIM_PREFIXES, MOBILE_PREFIXES, NUMBER_OPTIONS, OTP_SECONDS, PORT_IN_OPERATORS, RESERVATION_MINUTES,
  cartsChoosingNumberSql, checkNumber, checkPortInBody, choiceOf, chooseExistingNumber, chooseNewNumber, confirmPortIn, formatMsisdn, listNumbers, nationalMsisdn,
  numberTakenError, ownNumberRefusal, ownNumbers, requireMsisdn, reserveNumber, runDueNumberJobs, runNumberJob, sendPortInOtp,
  type NumberView, type PortInBody,
} from './service';
export { ORDER_HOLD_DAYS, assignNumberForOrder, holdNumberForOrder, releaseCartNumber } from './order-numbers';
