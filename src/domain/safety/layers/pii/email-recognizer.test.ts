import { describe, expect, it } from 'vitest';
import { findEmails } from './email-recognizer.ts';

const values = (text: string) => findEmails(text).map((email) => text.slice(email.start, email.end));

describe('email recognizer', () => {
  it('finds addresses with plus tags, subdomains, upper case and around punctuation', () => {
    expect(values('mail maria.garcia+invoices@mail.acme-corp.co.uk today')).toEqual(['maria.garcia+invoices@mail.acme-corp.co.uk']);
    expect(values('From: Li Wang <li_wang@eu.support.globex.io>')).toEqual(['li_wang@eu.support.globex.io']);
    expect(values('WRITE TO SUPPORT@EXAMPLE.COM.')).toEqual(['SUPPORT@EXAMPLE.COM']);
    expect(values('mailto:j.doe@example.org?subject=hi')).toEqual(['j.doe@example.org']);
    expect(values('a@b.example, c@d.de')).toEqual(['a@b.example', 'c@d.de']);
  });

  it('scores a common top-level domain above an unusual one', () => {
    const [common, unusual] = findEmails('x@acme.com y@acme.example');
    expect(common?.score).toBeGreaterThan(unusual?.score ?? 1);
  });

  it('ignores file names, package versions, mentions, local hosts and URL credentials', () => {
    expect(values('icon@2x.png and lodash@4.17.21/index.js')).toEqual([]);
    expect(values('ping @channel, user@localhost')).toEqual([]);
    expect(values('postgres://admin:s3cret@db.example.com/app')).toEqual([]);
    expect(values('a..b@example.com')).toEqual([]);
  });
});
