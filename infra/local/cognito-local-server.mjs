// Runs cognito-local with the one operation the sign-up form needs that it lacks: ResendConfirmationCode
// (it answers "unsupported" otherwise). Built from its own services, the way its SignUp target issues a code.
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

load('cognito-local/lib/bin/start.js');
