// The outbox module's public surface: sending a message (SMTP when SMTP_URL is set, else kept in the outbox table)
// and one-time codes (issue, spend). The module alone writes the outbox and one_time_codes tables.
export { latestMessages, sendMessage, type OutgoingMessage } from './service';
export { CODE_ATTEMPTS, issueCode, spendCode, type CodeKey } from './codes';
