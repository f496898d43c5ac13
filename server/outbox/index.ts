// The outbox module's public surface: sending a message (SMTP when SMTP_URL is set, else kept in the outbox table).
// The module alone writes the outbox table.
export { latestMessages, sendMessage, type OutgoingMessage } from './service';
