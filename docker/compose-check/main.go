// compose-check loads a Compose file with compose-go (the library the Docker Compose CLI itself uses to read,
// interpolate and schema-validate compose files) and prints the resolved services. No Docker engine is needed.
//
//	cd docker/compose-check && JWT_SECRET=$(openssl rand -hex 32) go run . ../compose.yaml
package main

import (
	"context"
	"fmt"
	"os"
	"sort"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: compose-check <compose.yaml>")
		os.Exit(2)
	}
	opts, err := cli.NewProjectOptions([]string{os.Args[1]}, cli.WithOsEnv, cli.WithDotEnv)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	project, err := opts.LoadProject(context.Background())
	if err != nil {
		fmt.Fprintln(os.Stderr, "INVALID:", err)
		os.Exit(1)
	}
	names := project.ServiceNames()
	sort.Strings(names)
	for _, name := range names {
		s := project.Services[name]
		replicas := 1
		if s.Deploy != nil && s.Deploy.Replicas != nil {
			replicas = *s.Deploy.Replicas
		}
		deps := make([]string, 0, len(s.DependsOn))
		for dep, cond := range s.DependsOn {
			deps = append(deps, dep+"("+cond.Condition+")")
		}
		sort.Strings(deps)
		fmt.Printf("service %-16s image=%-36s build=%-5v replicas=%d healthcheck=%-5v depends_on=%v\n",
			name, s.Image, s.Build != nil, replicas, s.HealthCheck != nil, deps)
	}
	fmt.Printf("valid: project %q, %d services, %d volumes\n", project.Name, len(project.Services), len(project.Volumes))
}
