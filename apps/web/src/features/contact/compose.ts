/** The contact form sends nothing to a server: it builds a mailto: link or a webmail compose URL (spec §2). */
export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export function missingFields(m: ContactMessage): (keyof ContactMessage)[] {
  return (Object.keys(m) as (keyof ContactMessage)[]).filter((k) => !m[k].trim());
}

function body(m: ContactMessage): string {
  return `${m.message.trim()}\n\n— ${m.name.trim()} <${m.email.trim()}>`;
}

export function mailtoUrl(to: string, m: ContactMessage): string {
  return `mailto:${to}?subject=${encodeURIComponent(m.subject.trim())}&body=${encodeURIComponent(body(m))}`;
}

export function webmailUrl(provider: 'gmail' | 'outlook', to: string, m: ContactMessage): string {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  if (provider === 'gmail') {
    return `https://mail.google.com/mail/?${q({ view: 'cm', fs: '1', to, su: m.subject.trim(), body: body(m) })}`;
  }
  return `https://outlook.office.com/mail/deeplink/compose?${q({ to, subject: m.subject.trim(), body: body(m) })}`;
}
