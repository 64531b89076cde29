import { contactMailOf } from './contact-mail';

const ADDRESSES = { to: 'team@example.com', from: 'website@example.com' };

describe('contactMailOf', () => {
  it('mails the team from the configured sender, answerable to the person who wrote', () => {
    const mail = contactMailOf(
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        company: ' Analytical Engines ',
        message: 'Hello,\nwe would like a demo.',
      },
      ADDRESSES,
    );
    expect(mail).toEqual({
      from: 'website@example.com',
      to: 'team@example.com',
      replyTo: { name: 'Ada Lovelace', address: 'ada@example.com' },
      subject: 'Contact form: Ada Lovelace (Analytical Engines)',
      text:
        'Name: Ada Lovelace\nEmail: ada@example.com\nCompany: Analytical Engines\n\n' +
        'Hello,\nwe would like a demo.',
    });
  });

  it('keeps markup as text and leaves out an empty company', () => {
    const mail = contactMailOf(
      { name: '<b>Eve</b>', email: 'eve@example.com', company: ' ', message: '<script>x</script>' },
      ADDRESSES,
    );
    expect(mail.subject).toBe('Contact form: <b>Eve</b>');
    expect(mail.text).toBe('Name: <b>Eve</b>\nEmail: eve@example.com\n\n<script>x</script>');
    expect(mail).not.toHaveProperty('html');
  });
});
