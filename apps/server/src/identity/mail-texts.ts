import type { MailMessage } from '../platform/mail';

export type Locale = 'en' | 'es';
export type MailKind = 'verifyEmail' | 'resetPassword' | 'setPassword';

interface Text {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

const TEXTS: Record<Locale, Record<MailKind, Text>> = {
  en: {
    verifyEmail: {
      subject: 'Verify your email address',
      intro:
        'Please confirm that this is your email address so you can sign in to your patient portal.',
      action: 'Verify email',
      outro: 'If you did not ask for this, you can ignore this email.',
    },
    resetPassword: {
      subject: 'Reset your password',
      intro: 'We received a request to reset the password of your patient portal account.',
      action: 'Choose a new password',
      outro: 'This link expires in 1 hour. If you did not ask for this, you can ignore this email.',
    },
    setPassword: {
      subject: 'Welcome: set your password',
      intro: 'Your patient portal account is ready. Choose a password to finish setting it up.',
      action: 'Set your password',
      outro:
        'This link expires in 1 hour. If you did not create an account, you can ignore this email.',
    },
  },
  es: {
    verifyEmail: {
      subject: 'Verifique su correo electrónico',
      intro:
        'Confirme que esta es su dirección de correo para poder iniciar sesión en su portal de paciente.',
      action: 'Verificar correo',
      outro: 'Si usted no lo solicitó, puede ignorar este mensaje.',
    },
    resetPassword: {
      subject: 'Restablezca su contraseña',
      intro:
        'Recibimos una solicitud para restablecer la contraseña de su cuenta del portal de paciente.',
      action: 'Elegir una nueva contraseña',
      outro: 'Este enlace vence en 1 hora. Si usted no lo solicitó, puede ignorar este mensaje.',
    },
    setPassword: {
      subject: 'Bienvenido: cree su contraseña',
      intro:
        'Su cuenta del portal de paciente está lista. Elija una contraseña para terminar de configurarla.',
      action: 'Crear contraseña',
      outro:
        'Este enlace vence en 1 hora. Si usted no creó una cuenta, puede ignorar este mensaje.',
    },
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function buildMail(kind: MailKind, locale: Locale, to: string, link: string): MailMessage {
  const t = TEXTS[locale][kind];
  const text = `${t.intro}\n\n${t.action}: ${link}\n\n${t.outro}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Inter,Arial,sans-serif;color:#1f2933;line-height:1.5">
<p>${escapeHtml(t.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#1f5f8b;color:#fff;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="font-size:14px;color:#52606d">${escapeHtml(t.outro)}</p>
</body></html>`;
  return { to, subject: t.subject, text, html };
}

interface StaffResetText {
  subject: string;
  intro: string;
  codeLabel: string;
  howTo: string;
  outro: string;
}

/**
 * The care team's reset mail: its own words and no portal link (staff sign in through the staff
 * API, not the customer portal), the code to send to POST /staff/password-reset/confirm.
 */
const STAFF_RESET_TEXTS: Record<Locale, StaffResetText> = {
  en: {
    subject: 'Care team: reset your staff password',
    intro: 'We received a request to reset the password of your care team (staff) account.',
    codeLabel: 'Your reset code',
    howTo:
      'Send this code with your new password to the staff API (POST /staff/password-reset/confirm). Every staff session you have open ends when the password changes.',
    outro:
      'This code expires in 1 hour. If you did not ask for this, tell your administrator; your password has not changed.',
  },
  es: {
    subject: 'Equipo de atención: restablezca su contraseña de personal',
    intro:
      'Recibimos una solicitud para restablecer la contraseña de su cuenta del equipo de atención (personal).',
    codeLabel: 'Su código de restablecimiento',
    howTo:
      'Envíe este código con su nueva contraseña a la API de personal (POST /staff/password-reset/confirm). Todas sus sesiones de personal abiertas terminan cuando cambia la contraseña.',
    outro:
      'Este código vence en 1 hora. Si usted no lo solicitó, avise a su administrador; su contraseña no ha cambiado.',
  },
};

export function buildStaffResetMail(locale: Locale, to: string, code: string): MailMessage {
  const t = STAFF_RESET_TEXTS[locale];
  const text = `${t.intro}\n\n${t.codeLabel}: ${code}\n\n${t.howTo}\n\n${t.outro}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Inter,Arial,sans-serif;color:#1f2933;line-height:1.5">
<p>${escapeHtml(t.intro)}</p>
<p>${escapeHtml(t.codeLabel)}: <code style="font-size:16px">${escapeHtml(code)}</code></p>
<p>${escapeHtml(t.howTo)}</p>
<p style="font-size:14px;color:#52606d">${escapeHtml(t.outro)}</p>
</body></html>`;
  return { to, subject: t.subject, text, html };
}
