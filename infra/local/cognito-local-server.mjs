// Runs cognito-local with two operations Amplify Auth needs that it lacks (it answers "unsupported"
// otherwise): ResendConfirmationCode for the sign-up form's resend, and GetTokensFromRefreshToken, which
// Amplify uses to refresh a session. Both are built from cognito-local's own services and targets.
import { createRequire } from 'node:module';

// cognito-local is CommonJS; its target table must be patched before its server module loads it.
const load = createRequire(import.meta.url);
const { Targets } = load('cognito-local/lib/targets/targets');
const { UserNotFoundError, InvalidParameterError } = load('cognito-local/lib/errors');
const { selectAppropriateDeliveryMethod } = load('cognito-local/lib/services/messageDelivery/deliveryMethod');

Targets.ResendConfirmationCode =
  ({ cognito, messages, otp, clock }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const deliveryDetails = selectAppropriateDeliveryMethod(userPool.options.AutoVerifiedAttributes ?? [], user);
    if (!deliveryDetails) throw new InvalidParameterError('User has no attribute matching desired auto verified attributes');
    const code = otp();
    await userPool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
    await messages.deliver(ctx, 'ResendCode', req.ClientId, userPool.options.Id, user, code, req.ClientMetadata, deliveryDetails);
    return { CodeDeliveryDetails: deliveryDetails };
  };

Targets.GetTokensFromRefreshToken = (services) => {
  const initiateAuth = Targets.InitiateAuth(services);
  return async (ctx, req) => {
    const { AuthenticationResult } = await initiateAuth(ctx, {
      ClientId: req.ClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
      ClientMetadata: req.ClientMetadata,
    });
    return { AuthenticationResult: { ...AuthenticationResult, TokenType: 'Bearer' } };
  };
};

load('cognito-local/lib/bin/start.js');
