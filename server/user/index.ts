// The user module's public surface (accounts, sessions, tokens, JMBG, passwords, sign-in throttling).
// Other modules and workflows import from here only; the module alone writes users, sessions, bearer_tokens.
export {
  accountOfSession, blockedUser, checkCredentials, customerAge, findAccount, notSignedIn, replaceSession, rotateSession, sessionHasRole,
  isCurrentPassword, userFullName, userFullNameSql, userIdOfSession, userOfSession, userView, wrongCredentials, type User, type UserView,
} from './accounts';
export {
  SESSION_COOKIE, SESSION_LIMITS, SECURE_SESSION_COOKIE, createSession, findSession, isLiveSession, issueToken, liveSessionExistsSql, liveSessionSql, liveSessionSubquery, liveSessionUsers, liveSessionUsersSql, lookupSession,
  sessionDeadline, sessionIdsOfUserSql, sessionOfToken, signToken, verifyToken,
} from './service';
export { sessionCookieName, sessionCookieOf, sessionIdOfCookie, setSessionCookie } from './cookie';
export { ADULT_AGE, ageFromJmbg, birthDateOfJmbg, isAdultJmbg, jmbgFor } from './jmbg';
export { checkContractPerson, issueDateOfTyped } from './contract-person';
export { hashPassword, verifyPassword } from './password';
export { memoryFailureCounter, redisFailureCounter, type Attempt, type FailureCounter } from './throttle';
export {
  accountOfRecoveryAddress, claimCustomerAccount, createAccount, customerWithoutAccount, emailTaken, revokeOtherSessions,
  setEmailOf, setPassword, usernameTaken, wrongOldPassword, type NewAccount,
} from './registration';
export {
  PASSWORD_HISTORY, PASSWORD_MAX, PASSWORD_MIN, checkEmail, checkPassword, checkUsername, isValidUsername, nationalMobile, passwordProblem,
} from './policy';
export {
  addConsent, checkPersonalData, codeDestination, consentsOfUserSubquery, seedConsents, updatePersonalData, withdrawConsent, type PersonalData,
} from './profile';
