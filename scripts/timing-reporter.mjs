// A vitest reporter that writes each test file's project and wall time to a JSON file
// (BASTION_TIMING_FILE), for the table that scripts/test.mjs prints at the end of `npm test`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export default class TimingReporter {
  constructor() {
    this.outputFile = process.env.BASTION_TIMING_FILE ?? '.test-results/timing.json';
    this.startedAt = Date.now();
  }

  onInit(vitest) {
    this.root = vitest.config.root;
    this.startedAt = Date.now();
  }

  onTestRunEnd(testModules) {
    const files = testModules.map((module) => ({
      project: module.project.name,
      file: path.relative(this.root ?? process.cwd(), module.moduleId),
      seconds: module.diagnostic().duration / 1000,
    }));
    mkdirSync(path.dirname(this.outputFile), { recursive: true });
    writeFileSync(
      this.outputFile,
      JSON.stringify({ wallSeconds: (Date.now() - this.startedAt) / 1000, files }, null, 2),
    );
  }
}
