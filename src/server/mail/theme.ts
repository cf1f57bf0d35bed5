// The mails' colours and type, taken from the site's brand tokens (src/client/index.css):
// mail clients ignore our stylesheet, so each part carries inline styles built from these.
export const mailTheme = {
  brand: '#1d4ed8',
  brandDark: '#172554',
  text: '#1f2937',
  muted: '#4b5563',
  border: '#e5e7eb',
  page: '#f3f4f6',
  quote: '#f9fafb',
  font: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
} as const;
