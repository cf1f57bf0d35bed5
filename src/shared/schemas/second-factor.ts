// Staff's second factor (issue 19): the messages the server and the client share.

export const SECOND_FACTOR_MESSAGES = {
  required: 'Confirm it is you with your passkey or authenticator app to open the workspace.',
} as const;
