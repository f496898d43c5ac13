/** A small, valid schemas/ tree in a temporary folder, with a small fake vocabulary. */
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Vocabulary } from '../../../tools/schemas/types';
import type { CheckoutFlow } from '../../../schemas/types/flow';
import type { Form } from '../../../schemas/types/form';
import type { Fragment } from '../../../schemas/types/fragment';
import type { Messages } from '../../../schemas/types/messages';
import type { Modal } from '../../../schemas/types/modal';
import type { RuleDocument } from '../../../schemas/types/rule';
import type { Screen } from '../../../schemas/types/screen';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const REAL_SCHEMAS = join(REPO_ROOT, 'schemas');

export const FAKE_VOCABULARY: Vocabulary = {
  components: {
    Button: {
      description: 'A button.',
      props: { type: 'object', required: ['label'], properties: { label: { type: 'string' }, variant: { enum: ['primary', 'secondary'] } } },
      events: { click: 'pressed' },
      children: false,
    },
    Form: {
      description: 'An RJSF form.',
      props: { type: 'object', required: ['form'], properties: { form: { type: 'string' } } },
      events: { submit: 'valid data submitted', change: 'data changed' },
      children: false,
    },
    Outlet: { description: 'Where the page goes.', props: { type: 'object', properties: {} }, events: {}, children: false },
    PriceTag: {
      description: 'A price.',
      props: {
        type: 'object',
        required: ['value'],
        properties: { value: { type: 'number' }, label: { type: 'string' }, size: { enum: ['small', 'large'] } },
      },
      events: {},
      children: false,
    },
    Stack: { description: 'Children one under another.', props: { type: 'object', properties: { gap: { type: 'integer' } } }, events: {}, children: true },
  },
  actions: {
    'cart.add': {
      description: 'Adds a tariff to the cart.',
      args: { type: 'object', required: ['code'], properties: { code: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } } },
    },
    'nav.go': { description: 'Goes to an address.', args: { type: 'object', required: ['to'], properties: { to: { type: 'string' } } } },
    'ui.openModal': {
      description: 'Opens a modal.',
      args: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, params: { type: 'object' } } },
    },
  },
};

export type Tree = Record<string, unknown>;

/** The tree as a test edits it: each document as its kind's generated type (schemas/types); an edit into a shape no
 *  type allows (what the checker must refuse) says so with a cast or goes through `at`. */
export type DocTree = {
  [file: `screens/${string}`]: Screen;
  [file: `modals/${string}`]: Modal;
  [file: `flows/${string}`]: CheckoutFlow;
  [file: `forms/${string}`]: Form;
  [file: `fragments/${string}`]: Fragment;
  [file: `rules/${string}`]: RuleDocument;
  [file: `messages/${string}`]: Messages;
};

/**
 * The object at a JSON Pointer of a document or of a part of one ('' for itself), as plain JSON: for an edit the
 * generated type does not allow — a shape the checker must refuse — or into a part the type leaves open (a form's data
 * schema is {}). Throws when no object is there.
 */
export function at(part: object, pointer = ''): Record<string, unknown> {
  let here: unknown = part;
  for (const key of pointer.split('/').slice(1)) {
    if (!here || typeof here !== 'object') break;
    here = (here as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (!here || typeof here !== 'object') throw new Error(`no object at ${pointer}`);
  return here as Record<string, unknown>;
}

/** The destinations and modals rule.schema.json requires of a "routes" document (the names the shop's code uses), each
 *  sent to the one page (/kupovina/podaci-dostava) and the one modal (confirm) of the small tree: a test's own entries go
 *  beside them. */
export function requiredRoutes(): Required<Pick<RuleDocument, 'destinations' | 'modals'>> {
  const meta = JSON.parse(readFileSync(join(REAL_SCHEMAS, 'meta', 'rule.schema.json'), 'utf8')) as { properties: Record<'destinations' | 'modals', { required: string[] }> };
  return {
    destinations: Object.fromEntries(meta.properties.destinations.required.map((n) => [n, { path: '/kupovina/podaci-dostava' }])) as NonNullable<RuleDocument['destinations']>,
    modals: Object.fromEntries(meta.properties.modals.required.map((n) => [n, { modal: 'confirm' }])) as NonNullable<RuleDocument['modals']>,
  };
}

/** A tree that passes every check. Keys are paths under schemas/. */
export function validTree(): Tree {
  return {
    'screens/main.json': {
      $schema: '../meta/screen.schema.json',
      id: 'main',
      version: 1,
      kind: 'layout',
      body: [{ component: 'Stack', props: { gap: 2 }, children: [{ component: 'Outlet' }] }],
    },
    'screens/pdp.json': {
      $schema: '../meta/screen.schema.json',
      id: 'pdp',
      version: 2,
      route: '/Privatni/Uredjaji/:code',
      aliases: ['/Privatni/Uredjaji/:code/:color'],
      title: { message: 'pdp.title' },
      load: [{ action: 'nav.go', args: { to: '/Privatni/Uredjaji/x' } }],
      body: [
        { component: 'PriceTag', props: { label: { message: 'pdp.price', params: { n: { $bind: '/cart/totalItems' } } }, size: 'large' }, bind: { value: '/catalog/pdp/price' } },
        {
          component: 'Button',
          props: { label: 'Kupi', variant: 'primary' },
          visibleIf: { properties: { cart: { properties: { totalItems: { minimum: 1 } } } }, required: ['cart'] },
          on: {
            click: [
              { action: 'cart.add', args: { code: { $bind: '/catalog/pdp/variant/code' }, quantity: 1 } },
              { action: 'ui.openModal', args: { id: 'confirm' } },
            ],
          },
        },
        { component: 'Form', props: { form: 'guest' }, on: { submit: { action: 'nav.go', args: { to: '/kupovina/podaci-dostava' } } } },
      ],
    },
    'screens/checkout-data-delivery.json': {
      $schema: '../meta/screen.schema.json',
      id: 'checkout-data-delivery',
      version: 1,
      route: '/kupovina/podaci-dostava',
      layout: 'main',
      body: [],
    },
    'modals/confirm.json': {
      $schema: '../meta/modal.schema.json',
      id: 'confirm',
      version: 1,
      title: { message: 'modal.confirm.title' },
      size: 'medium',
      body: [{ component: 'PriceTag', props: { value: 3 } }],
      footer: [{ component: 'Button', props: { label: { message: 'modal.confirm.ok' } } }],
    },
    'forms/guest.json': {
      $schema: '../meta/form.schema.json',
      id: 'guest',
      version: 1,
      schema: {
        type: 'object',
        required: ['firstName'],
        properties: { firstName: { type: 'string', maxLength: 40 }, contactPhone: { type: 'string', format: 'contactPhone' } },
      },
      uiSchema: { firstName: { 'ui:title': 'checkout.guest.firstName', 'ui:placeholder': 'checkout.guest.firstName.placeholder' } },
      messages: { '/contactPhone': { format: 'validation.regex' } },
    },
    'flows/guest.json': {
      $schema: '../meta/flow.schema.json',
      id: 'guest',
      version: 1,
      checkoutType: 'GUEST',
      backToOffer: '/Privatni/Uredjaji/telefoni',
      steps: [
        { code: 'GUEST_ORDER_INFO', path: '/kupovina/podaci-dostava', eventName: 'checkout_guest_order_info', screen: 'checkout-data-delivery', title: { message: 'checkout.step.dataDelivery' } },
      ],
    },
    'messages/sr.json': {
      $schema: '../meta/messages.schema.json',
      'checkout.guest.firstName': 'Ime',
      'checkout.guest.firstName.placeholder': 'Unesi ime',
      'checkout.step.dataDelivery': 'Tvoji podaci i dostava',
      'modal.confirm.ok': 'U redu',
      'modal.confirm.title': 'Potvrda',
      'pdp.price': { one: '{n} uređaj', few: '{n} uređaja', other: '{n} uređaja' },
      'pdp.title': 'Uređaj',
      'validation.regex': 'Polje nije u odgovarajućem formatu',
    },
    'messages/en.json': {
      $schema: '../meta/messages.schema.json',
      'checkout.guest.firstName': 'First name',
      'checkout.guest.firstName.placeholder': 'Enter your first name',
      'checkout.step.dataDelivery': 'Your data and delivery',
      'modal.confirm.ok': 'OK',
      'modal.confirm.title': 'Confirmation',
      'pdp.price': { one: '{n} device', few: '{n} devices', other: '{n} devices' },
      'pdp.title': 'Device',
      'validation.regex': 'The field is not in the right format',
    },
  };
}

/**
 * Writes the tree (objects as pretty JSON, strings verbatim) plus the real meta-schemas, the API's common.json, the real
 * custom formats and the fake vocabulary into a new temporary folder; returns its schemas/ folder and a cleanup.
 */
export async function writeTree(tree: Tree, vocabulary: Vocabulary = FAKE_VOCABULARY): Promise<{ schemasDir: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'schemas-check-'));
  const schemasDir = join(root, 'schemas');
  await mkdir(join(schemasDir, 'meta'), { recursive: true });
  for (const name of await readdir(join(REAL_SCHEMAS, 'meta'))) {
    if (name.endsWith('.schema.json')) await copyFile(join(REAL_SCHEMAS, 'meta', name), join(schemasDir, 'meta', name));
  }
  await writeFile(join(schemasDir, 'meta', 'vocabulary.json'), JSON.stringify(vocabulary, null, 2));
  // the API's shared shapes, which the meta-schemas point to (the checkout type); a tree may write its own
  await mkdir(join(schemasDir, 'api'), { recursive: true });
  await copyFile(join(REAL_SCHEMAS, 'api', 'common.json'), join(schemasDir, 'api', 'common.json'));
  // the real custom formats, which every form's validator is compiled with
  await mkdir(join(schemasDir, 'formats'), { recursive: true });
  await copyFile(join(REAL_SCHEMAS, 'formats', 'formats.json'), join(schemasDir, 'formats', 'formats.json'));
  // …and the texts of its messages (the checker requires them), unless the tree has its own
  const formatKeys = new Set<string>([...JSON.stringify(JSON.parse(await readFile(join(REAL_SCHEMAS, 'formats', 'formats.json'), 'utf8'))).matchAll(/"message":"([^"]+)"/g)].map((m) => m[1]));
  const written: Tree = { ...tree };
  for (const lang of ['sr', 'en']) {
    const messages = tree[`messages/${lang}.json`];
    if (!messages || typeof messages !== 'object') continue;
    const real = JSON.parse(await readFile(join(REAL_SCHEMAS, 'messages', `${lang}.json`), 'utf8')) as Record<string, unknown>;
    const copy = { ...(messages as Record<string, unknown>) };
    for (const k of formatKeys) if (!(k in copy)) copy[k] = real[k];
    written[`messages/${lang}.json`] = copy as Tree[string];
  }
  for (const [rel, content] of Object.entries(written)) {
    const abs = join(schemasDir, rel);
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, typeof content === 'string' ? content : JSON.stringify(content, null, 2) + '\n');
  }
  return { schemasDir, cleanup: () => rm(root, { recursive: true, force: true }) };
}
