/**
 * `npm run bench:checkout`: the checkout's load figure alone (the service with the demo data, a
 * client, a lawyer), beside a bare Express route in the same run. The same figure as in
 * `npm run bench`, without its build and its other benchmarks. `CHECKOUT_BENCH_RUNS=3` measures
 * that many times in a row, on the same server.
 */
import { benchCheckoutLoad, printCheckoutLoad } from './checkout-bench';
import { startConsultationBench } from './consultation-bench';

const runs = Math.max(1, Number(process.env.CHECKOUT_BENCH_RUNS) || 1);
const bench = await startConsultationBench();
try {
  console.log('\nCheckout (embedded store, simulated gateway):');
  for (let run = 0; run < runs; run++) {
    const figures = await benchCheckoutLoad(bench.server.url, bench.client.cookie, bench.provider);
    printCheckoutLoad('POST /api/checkout', figures);
  }
} finally {
  await bench.close();
}
