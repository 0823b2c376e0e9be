import {
  Body,
  Controller,
  HttpCode,
  HttpException,
  HttpStatus,
  Inject,
  Logger,
  Param,
  Req,
  Res,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  api,
  BROWSER_CALLBACK_REFUSED,
  samlRpc,
  type SamlAcsForm,
  type SamlConnectionParams,
  type SamlStartRequest,
} from '@hub/proto';
import { RpcCallError, RpcClient } from '@hub/kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

import { Endpoint } from '../http/endpoint.decorator.js';
import { clientOf, type GuardedRequest, SESSION_COOKIE } from '../http/request-context.js';

/** Where the browser lands after the assertion consumer, with `?error=code` when refused. */
export const SSO_LANDING = '/callback';

/** Binds a response to the browser that started the sign-in (its AuthnRequest ID). */
export const SAML_REQUEST_COOKIE = 'hub_saml_request';
const SAML_COOKIE_PATH = '/api/auth/saml/';
/** As long as identity keeps the AuthnRequest waiting for its response. */
const SAML_COOKIE_SECONDS = 10 * 60;

/**
 * The service provider's HTTP side of SAML single sign-on. Identity validates everything;
 * a session is opened only from a response the organization's identity provider signed.
 */
@Controller()
export class SamlController {
  private readonly logger = new Logger('Saml');

  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Endpoint(api.samlStart)
  @HttpCode(200)
  async start(@Body() body: SamlStartRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { redirectUrl, requestId } = await this.rpc.call(samlRpc.start, {
      organization: body.organization,
    });
    // The provider's page posts the response cross-site, so only a SameSite=None cookie comes
    // back with it; browsers take those only as Secure (http://localhost counts as secure).
    reply.setCookie(SAML_REQUEST_COOKIE, requestId, {
      httpOnly: true,
      secure: true,
      sameSite: 'none',
      path: SAML_COOKIE_PATH,
      maxAge: SAML_COOKIE_SECONDS,
    });
    return { redirectUrl };
  }

  @Endpoint(api.samlMetadata)
  async metadata(@Param() params: SamlConnectionParams, @Res() reply: FastifyReply) {
    const { xml } = await this.rpc.call(samlRpc.metadata, { connection: params.connection });
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
  }

  @Endpoint(api.samlAssertionConsumer)
  async assertionConsumer(
    @Param() params: SamlConnectionParams,
    @Body() body: SamlAcsForm,
    @Req() request: GuardedRequest,
    @Res() reply: FastifyReply,
  ) {
    const landing = (error?: string) =>
      reply.redirect(error ? `${SSO_LANDING}?error=${error}` : SSO_LANDING, 303);
    if (!body.SAMLResponse) return landing('saml_invalid');
    const requestId = request.cookies?.[SAML_REQUEST_COOKIE] || null;
    // One response per started sign-in, whatever its outcome.
    reply.clearCookie(SAML_REQUEST_COOKIE, {
      path: SAML_COOKIE_PATH,
      secure: true,
      sameSite: 'none',
    });
    let answer;
    try {
      answer = await this.rpc.call(samlRpc.consume, {
        connection: params.connection,
        samlResponse: body.SAMLResponse,
        requestId,
        client: clientOf(request),
      });
    } catch (error) {
      this.logger.warn(
        `SAML response not processed: ${error instanceof RpcCallError ? error.failure.message : String(error)}`,
      );
      return landing('saml_invalid');
    }
    if (answer.outcome === 'refused') return landing(answer.code);
    reply.setCookie(SESSION_COOKIE, answer.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.PUBLIC_URL.startsWith('https:'),
      path: '/',
    });
    return landing();
  }

  /** The spec's browser callback: an identity the browser asserts never signs anyone in. */
  @Endpoint(api.samlBrowserCallback)
  browserCallback(): never {
    throw new HttpException(BROWSER_CALLBACK_REFUSED, HttpStatus.GONE);
  }
}
