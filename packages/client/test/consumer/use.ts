// A browser application's use of the published package: its tsconfig (beside this file)
// has DOM but no Node types, strict options and no skipLibCheck, so the declarations in
// dist must hold up on their own.
import { createClient, getMeta, isWsafeApiError } from "@wsafe/client";
import { validateResponse } from "@wsafe/client/validate";

const client = createClient({
  baseUrl: "https://wsafe.example.com",
  token: "t",
  fetch,
  validateResponses: validateResponse,
});

export async function main(): Promise<void> {
  try {
    const { equipments } = await client.equipments.list({
      equipmentType_id: "et_harness",
      columns: ["id", "status"],
    });
    const resources = await client.resources.list({}, { signal: AbortSignal.timeout(5000), method: "GET" });
    console.log(equipments[0]?.status, getMeta(resources).requestId);
  } catch (err) {
    if (isWsafeApiError(err, "equipments.list") && err.error === "rate_limit_exceeded")
      console.log(err.retryAfter);
  }
}
