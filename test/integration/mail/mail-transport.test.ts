import {
  createMailTransport,
  MailDeliveryError,
  type MailTransport,
} from '../../../shared/mail/mail-transport';
import {
  allowedSenderDomains,
  deploymentSender,
  parseMailbox,
  senderDomainAllowed,
} from '../../../shared/mail/sender';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink';

describe('the SMTP transport (nodemailer) against a real SMTP server', () => {
  let sink: SmtpSink;
  let transport: MailTransport;

  beforeAll(async () => {
    sink = await startSmtpSink();
    transport = createMailTransport({ SMTP_URL: sink.url })!;
  });
  afterAll(async () => {
    transport.close();
    await sink.close();
  });

  it('sends both parts, the sender, the extra headers and the stable Message-ID', async () => {
    const outcome = await transport.send({
      from: { name: 'Acme Rewards', address: 'rewards@acme.example' },
      to: 'ana@example.com',
      subject: 'Déjà vu: you earned $10',
      text: 'Plain words',
      html: '<p>Plain <b>words</b></p>',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      messageId: 'evt-1.ana@acme.example',
    });
    expect(outcome).toMatchObject({ kind: 'SENT', messageId: '<evt-1.ana@acme.example>' });
    const [mail] = await sink.waitForMail('ana@example.com');
    expect(mail!.envelopeFrom).toBe('rewards@acme.example');
    expect(mail!.parsed.subject).toBe('Déjà vu: you earned $10');
    expect(mail!.parsed.text?.trim()).toBe('Plain words');
    expect(mail!.parsed.html).toContain('<b>words</b>');
    expect(mail!.parsed.from?.value[0]).toEqual({ name: 'Acme Rewards', address: 'rewards@acme.example' });
    expect(mail!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.parsed.messageId).toBe('<evt-1.ana@acme.example>');
  });

  it('answers a permanent refusal as REFUSED with the code, and throws on a temporary one', async () => {
    sink.refuse('gone@example.com');
    const refused = await transport.send({
      from: { name: '', address: 'rewards@acme.example' },
      to: 'gone@example.com',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
    });
    expect(refused).toMatchObject({ kind: 'REFUSED', code: 550 });

    sink.failTemporarily();
    await expect(
      transport.send({
        from: { name: '', address: 'rewards@acme.example' },
        to: 'later@example.com',
        subject: 's',
        text: 't',
        html: '<p>t</p>',
      }),
    ).rejects.toBeInstanceOf(MailDeliveryError);
    sink.heal();
  });

  it('is absent without SMTP_URL', () => {
    expect(createMailTransport({ SMTP_URL: undefined })).toBeNull();
  });
});

describe('senders', () => {
  it('parses MAIL_FROM and checks a sender domain against the allowed list', () => {
    expect(parseMailbox('Acme <Rewards@Acme.example>')).toEqual({
      name: 'Acme',
      address: 'rewards@acme.example',
    });
    expect(parseMailbox('x@y.example')).toEqual({ name: '', address: 'x@y.example' });
    expect(parseMailbox('not a mailbox')).toBeNull();
    expect(deploymentSender({ MAIL_FROM: 'Referrals <no-reply@ref.example>' }).address).toBe(
      'no-reply@ref.example',
    );
    const allowed = allowedSenderDomains({
      MAIL_FROM: 'a@ref.example',
      MAIL_SENDER_DOMAINS: 'Acme.example, b.example',
    });
    expect(allowed).toEqual(['acme.example', 'b.example']);
    expect(senderDomainAllowed('x@mail.acme.example', allowed)).toBe(true);
    expect(senderDomainAllowed('x@evilacme.example', allowed)).toBe(false);
    expect(senderDomainAllowed('x@ref.example', allowed)).toBe(false);
    expect(allowedSenderDomains({ MAIL_FROM: 'R <a@ref.example>', MAIL_SENDER_DOMAINS: undefined })).toEqual([
      'ref.example',
    ]);
  });
});
