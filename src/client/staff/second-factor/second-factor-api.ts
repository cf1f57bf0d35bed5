import { apiRequest, getJson } from '../../lib/api.ts';
import {
  recoveryCodesSchema,
  secondFactorStatusSchema,
  totpEnrolmentSchema,
  type SecondFactorVerify,
} from '../../../shared/schemas/second-factor.ts';

const base = '/api/auth/second-factor';

export const secondFactorStatusQuery = () => ({
  queryKey: [base] as const,
  queryFn: () => getJson(base, secondFactorStatusSchema),
});

export const startTotp = async () =>
  totpEnrolmentSchema.parse(await (await apiRequest('POST', `${base}/totp`)).json());

export const confirmTotp = async (code: string) =>
  recoveryCodesSchema.parse(
    await (await apiRequest('POST', `${base}/totp/confirm`, { code })).json(),
  ).recoveryCodes;

export const verifySecondFactor = (body: SecondFactorVerify) =>
  apiRequest('POST', `${base}/verify`, body);

export const newRecoveryCodes = async () =>
  recoveryCodesSchema.parse(await (await apiRequest('POST', `${base}/recovery-codes`)).json())
    .recoveryCodes;
