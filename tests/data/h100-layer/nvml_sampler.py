# Samples NVML every 20 ms while a child command runs; CSV with ISO UTC timestamps.
import sys, subprocess, time, datetime, pynvml
pynvml.nvmlInit()
h = pynvml.nvmlDeviceGetHandleByIndex(0)
out = open(sys.argv[1], "w")
out.write("timestamp,gpu,sm_clock_mhz,mem_clock_mhz,power_w,temp_c,util_gpu_pct,util_mem_pct,mem_used_mib\n")
p = subprocess.Popen(sys.argv[2:])
while p.poll() is None:
    t = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="microseconds")
    u = pynvml.nvmlDeviceGetUtilizationRates(h)
    m = pynvml.nvmlDeviceGetMemoryInfo(h)
    out.write(f"{t},0,{pynvml.nvmlDeviceGetClockInfo(h, pynvml.NVML_CLOCK_SM)},{pynvml.nvmlDeviceGetClockInfo(h, pynvml.NVML_CLOCK_MEM)},"
              f"{pynvml.nvmlDeviceGetPowerUsage(h)/1000:.2f},{pynvml.nvmlDeviceGetTemperature(h, 0)},{u.gpu},{u.memory},{m.used // 2**20}\n")
    time.sleep(0.02)
out.close()
sys.exit(p.returncode)
