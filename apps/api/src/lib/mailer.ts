import nodemailer from 'nodemailer';

export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** nodemailer's own limits, each set to the whole budget unless the URL's query sets it. */
const TIMEOUT_OPTIONS = ['connectionTimeout', 'greetingTimeout', 'socketTimeout', 'dnsTimeout'] as const;

/**
 * Sends one plain-text email through the SMTP server of `smtpUrl` (smtp:// or smtps://, with
 * credentials and options such as `?tls.rejectUnauthorized=false` in the URL, as nodemailer
 * reads it). Settles within `timeoutMs` whatever the server does: nodemailer's connection,
 * greeting, socket and DNS timeouts, and a deadline over the whole exchange (a server that
 * answers slowly but steadily would pass every per-step timeout). Rejects with the reason.
 */
export async function sendMail(smtpUrl: string, mail: Mail, timeoutMs: number): Promise<void> {
  const url = new URL(smtpUrl);
  for (const option of TIMEOUT_OPTIONS) if (!url.searchParams.has(option)) url.searchParams.set(option, String(timeoutMs));
  const transport = nodemailer.createTransport(url.toString());
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the mail server did not finish within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([transport.sendMail(mail), deadline]);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
