import { type Dataset, datasetSchema } from "@wsafe/schema";

/** The lists of a dataset (`accounts`, ..., `equipments`). */
export type DatasetList = keyof Dataset;

/** The lists of a dataset, in the order the schema declares them. */
export const datasetLists = Object.keys(datasetSchema.shape) as DatasetList[];
