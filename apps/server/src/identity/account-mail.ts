import type { MailMessage } from '../platform/mail';
import type { Locale } from './mail-texts';

// Mails of the account page's email change: the code to the new address, a notice to the old.

const TEXTS = {
  en: {
    codeSubject: 'Your verification code',
    code: (code: string) =>
      `Use this code to confirm your new email address for your patient portal: ${code}\n\nIt expires in 30 minutes. If you did not ask for this, you can ignore this email.`,
    noticeSubject: 'Your email address was changed',
    notice: (to: string) =>
      `The email address of your patient portal account was changed to ${to}.\n\nIf you did not make this change, contact our care team right away.`,
  },
  es: {
    codeSubject: 'Su código de verificación',
    code: (code: string) =>
      `Use este código para confirmar su nuevo correo en el portal de paciente: ${code}\n\nVence en 30 minutos. Si usted no lo solicitó, puede ignorar este mensaje.`,
    noticeSubject: 'Se cambió su correo electrónico',
    notice: (to: string) =>
      `El correo de su cuenta del portal de paciente se cambió a ${to}.\n\nSi usted no hizo este cambio, comuníquese con nuestro equipo de atención de inmediato.`,
  },
} as const;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const mail = (to: string, subject: string, text: string, locale: Locale): MailMessage => ({
  to,
  subject,
  text,
  html: `<!doctype html><html lang="${locale}"><body style="font-family:Inter,Arial,sans-serif;color:#1f2933;line-height:1.5">${text
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}</body></html>`,
});

export const emailChangeCodeMail = (to: string, code: string, locale: Locale) =>
  mail(to, TEXTS[locale].codeSubject, TEXTS[locale].code(code), locale);

export const emailChangedNoticeMail = (oldEmail: string, newEmail: string, locale: Locale) =>
  mail(oldEmail, TEXTS[locale].noticeSubject, TEXTS[locale].notice(newEmail), locale);
