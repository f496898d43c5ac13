// A tiny SMTP receiver for the e2e suites: the shop sends mail through nodemailer when SMTP_URL is set
// (server/outbox/service.ts), so a test starts this, passes SMTP_URL to the server and reads the one-time codes
// from what arrives — the real mail path, no database access from the test.
import { createServer, type Server, type Socket } from 'node:net';

export interface Mail { to: string[]; subject: string; text: string }

function decodeBody(raw: string): { subject: string; text: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  let body = rest.join('\n\n');
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subjectLine = /^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '';
  const subject = subjectLine.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, s: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(s, 'base64').toString('utf8')
      : Buffer.from(s.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'));
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') {
    body = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  }
  return { subject, text: body };
}

export class Mailbox {
  readonly mails: Mail[] = [];
  private waiters: Array<() => void> = [];
  private constructor(private readonly server: Server, readonly port: number) {}

  static async start(): Promise<Mailbox> {
    let box!: Mailbox;
    const server = createServer((socket) => box.session(socket));
    const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
    box = new Mailbox(server, port);
    return box;
  }

  get url(): string { return `smtp://127.0.0.1:${this.port}`; }

  private session(socket: Socket): void {
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    let data: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 mailbox ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const raw = Buffer.from(data.join('\r\n'), 'latin1').toString('latin1');
            this.mails.push({ to, ...decodeBody(raw) });
            for (const w of this.waiters.splice(0)) w();
            reply('250 OK');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') reply('250 mailbox');
        else if (cmd === 'MAIL') { to = []; data = []; reply('250 OK'); }
        else if (cmd === 'RCPT') { to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase()); reply('250 OK'); }
        else if (cmd === 'DATA') { inData = true; reply('354 go ahead'); }
        else if (cmd === 'QUIT') { reply('221 bye'); socket.end(); }
        else reply('250 OK');
      }
    });
    socket.on('error', () => {});
  }

  /** The six-digit code of the newest mail to `to` after `after` mails (waits for it to arrive). */
  async codeFor(to: string, after = 0, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.mails.slice(after).reverse().find((m) => m.to.includes(to.toLowerCase()));
      const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no code for ${to}: ${JSON.stringify(this.mails.map((m) => m.to))}`);
      await new Promise<void>((resolve) => { this.waiters.push(resolve); setTimeout(resolve, 1000).unref(); });
    }
  }

  close(): Promise<void> { return new Promise((resolve) => this.server.close(() => resolve())); }
}
