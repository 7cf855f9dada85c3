// Types of the module that src/integrations/wsafeClientModule.ts provides.
declare module "virtual:wsafe-client" {
  export function createClient(options: {
    baseUrl: string;
    token: string;
    fetch?: typeof fetch;
    method?: "POST" | "GET";
    retries?: false;
  }): { call(method: string, params?: Record<string, unknown>): Promise<unknown> };
  /** Which implementation was bundled: "@wsafe/client" or the stand-in. */
  export const clientName: string;
}
