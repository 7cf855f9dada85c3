/**
 * Thrown by the `http_method` check for OPTIONS on a method's URL: not a failure but a
 * CORS pre-flight, which the HTTP edge answers with 204 and no body. Known by its class
 * alone (`instanceof`); nothing reads any field of it.
 */
export class CorsPreflight {}
