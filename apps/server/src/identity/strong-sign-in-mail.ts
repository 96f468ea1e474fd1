import type { MailMessage } from '../platform/mail';
import type { Locale } from './mail-texts';

// The security notices of strong sign-in (issue 42): a factor added or removed, a recovery code
// used. They name the kind of factor, never a secret, a code or a device's details.

export type FactorKind = 'totp' | 'passkey' | 'recoveryCodes';

const TEXTS = {
  en: {
    factor: {
      totp: 'an authenticator app',
      passkey: 'a passkey',
      recoveryCodes: 'a new set of recovery codes',
    },
    addedSubject: 'A sign-in method was added to your account',
    added: (what: string) =>
      `You added ${what} to your patient portal account. It is now used when you sign in.\n\nIf you did not make this change, reset your password and contact our care team right away.`,
    removedSubject: 'A sign-in method was removed from your account',
    removed: (what: string) =>
      `You removed ${what} from your patient portal account.\n\nIf you did not make this change, reset your password and contact our care team right away.`,
    recoverySubject: 'A recovery code was used to sign in',
    recovery: (left: number) =>
      `A recovery code was just used to sign in to your patient portal account. Each code works once; you have ${left} left. You can make a new set on the Manage account page.\n\nIf this was not you, reset your password and contact our care team right away.`,
  },
  es: {
    factor: {
      totp: 'una aplicación de autenticación',
      passkey: 'una llave de acceso',
      recoveryCodes: 'un nuevo juego de códigos de recuperación',
    },
    addedSubject: 'Se agregó un método de inicio de sesión a su cuenta',
    added: (what: string) =>
      `Usted agregó ${what} a su cuenta del portal de paciente. Ahora se usa al iniciar sesión.\n\nSi usted no hizo este cambio, restablezca su contraseña y comuníquese con nuestro equipo de atención de inmediato.`,
    removedSubject: 'Se eliminó un método de inicio de sesión de su cuenta',
    removed: (what: string) =>
      `Usted eliminó ${what} de su cuenta del portal de paciente.\n\nSi usted no hizo este cambio, restablezca su contraseña y comuníquese con nuestro equipo de atención de inmediato.`,
    recoverySubject: 'Se usó un código de recuperación para iniciar sesión',
    recovery: (left: number) =>
      `Se acaba de usar un código de recuperación para iniciar sesión en su cuenta del portal de paciente. Cada código sirve una sola vez; le quedan ${left}. Puede crear un juego nuevo en la página Administrar cuenta.\n\nSi no fue usted, restablezca su contraseña y comuníquese con nuestro equipo de atención de inmediato.`,
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

export const factorAddedMail = (to: string, kind: FactorKind, locale: Locale) =>
  mail(to, TEXTS[locale].addedSubject, TEXTS[locale].added(TEXTS[locale].factor[kind]), locale);

export const factorRemovedMail = (to: string, kind: FactorKind, locale: Locale) =>
  mail(to, TEXTS[locale].removedSubject, TEXTS[locale].removed(TEXTS[locale].factor[kind]), locale);

export const recoveryCodeUsedMail = (to: string, left: number, locale: Locale) =>
  mail(to, TEXTS[locale].recoverySubject, TEXTS[locale].recovery(left), locale);
