// Tables of the user module (server/user/): accounts, sessions, bearer tokens, consents given, password history and
// registrations. Only server/user/ writes them.
import { pgTable, text, integer, boolean, timestamp, serial, primaryKey, index, jsonb } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Shop accounts (seed 001 §3 User, §6 roles). Sign-in by email or username; password hashed with scrypt. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** null for an account whose e-mail is not set (emailNotSet) */
  email: text('email').unique(),
  username: text('username').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** `scrypt$N$r$p$<salt b64>$<hash b64>` (server/user/password.ts); null = cannot sign in with a password */
  passwordHash: text('password_hash'),
  contactPhoneNumber: text('contact_phone_number'),
  customerId: text('customer_id').unique(),
  /** national id (13 digits); its date of birth drives the adult check */
  jmbg: text('jmbg'),
  weakPassword: boolean('weak_password').notNull().default(false),
  emailNotSet: boolean('email_not_set').notNull().default(false),
  isLightAccount: boolean('is_light_account').notNull().default(false),
  subaccountLogin: boolean('subaccount_login').notNull().default(false),
  otpLogin: boolean('otp_login').notNull().default(false),
  blocked: boolean('blocked').notNull().default(false),
  isBox: boolean('is_box').notNull().default(false),
  isCostControl: boolean('is_cost_control').notNull().default(false),
  isFixed: boolean('is_fixed').notNull().default(false),
  isNet: boolean('is_net').notNull().default(false),
  isPostPaid: boolean('is_post_paid').notNull().default(false),
  isPrePaid: boolean('is_pre_paid').notNull().default(false),
  isTv: boolean('is_tv').notNull().default(false),
  /** e.g. ['staff'] (the studio of issue 4) */
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Anonymous or signed-in session; the cookie holds the raw id, the table its SHA-256. */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** when the signed-in customer authenticated (kept across the rotations of an account change); null: anonymous */
  authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
});

export const bearerTokens = pgTable('bearer_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: text('session_id').notNull().references(() => sessions.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('bearer_tokens_session_idx').on(t.sessionId)]);

/**
 * A consent a customer gave (seed 001 §7 consents: consentTemplateId, consentCode): given once per template, withdrawn
 * at most once (withdrawnAt). Only server/user writes it. The template (name, document) is the checkout module's.
 */
export const userConsents = pgTable('user_consents', {
  userId: integer('user_id').notNull().references(() => users.id),
  consentTemplateId: text('consent_template_id').notNull(),
  /** the code of this consent given (CNS…), needed to withdraw it */
  consentCode: text('consent_code').notNull().unique(),
  givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.userId, t.consentTemplateId] })]);

/**
 * The hashes of a user's earlier passwords (seed 001 §5: a new password must not be one of the last 5). Every
 * password set (registration, reset, change) adds its hash; only the newest PASSWORD_HISTORY rows are consulted.
 */
export const passwordHistory = pgTable('password_history', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('password_history_user_idx').on(t.userId, t.id)]);

/**
 * What a registration tells beyond the account row (seed 001 §3 sign-up payload): the address from the address system
 * (tisAddressCode and the names it resolved to) and the identity document. One row per registered account.
 */
export const userRegistrations = pgTable('user_registrations', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  address: jsonb('address').$type<{ tisAddressCode: string; line1: string; line2: string; town: string; province: string; postalCode: string; apartment: string | null } | null>(),
  document: jsonb('document').$type<{ docId: string | null; docIssueAuthority: string | null; docIssueDate: string | null } | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
