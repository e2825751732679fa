# Every service of the stack for linux/amd64 and linux/arm64, one command:
#   docker buildx bake                                   # build (both platforms, into the build cache)
#   REGISTRY=ghcr.io/you TAG=1.2.0 docker buildx bake --push
#   docker buildx bake --set '*.platform=linux/arm64' --load battle-server   # one platform, into docker
# Targets are the stages of Dockerfile.multiarch; docs/guides/images.md has the rest.

variable "REGISTRY" {
  # Where the images go: a registry path (ghcr.io/you, 123456789012.dkr.ecr.eu-west-1.amazonaws.com).
  default = "slg"
}

variable "TAG" {
  default = "dev"
}

variable "VERSION" {
  default = "0.1.0"
}

variable "REVISION" {
  # The git commit (CI: github.sha).
  default = ""
}

variable "SOURCE" {
  default = ""
}

variable "LATEST" {
  # "true": also tag :latest (a release).
  default = "false"
}

function "image_tags" {
  params = [name]
  result = LATEST == "true" ? ["${REGISTRY}/${name}:${TAG}", "${REGISTRY}/${name}:latest"] : ["${REGISTRY}/${name}:${TAG}"]
}

group "default" {
  targets = ["db-proxy", "data-server", "map-server", "battle-server", "console"]
}

target "_common" {
  context    = "."
  dockerfile = "Dockerfile.multiarch"
  platforms  = ["linux/amd64", "linux/arm64"]
  args = {
    VERSION  = VERSION
    REVISION = REVISION
    SOURCE   = SOURCE
    CREATED  = timestamp()
  }
}

target "db-proxy" {
  inherits = ["_common"]
  target   = "db-proxy"
  tags     = image_tags("db-proxy")
}

target "data-server" {
  inherits = ["_common"]
  target   = "data-server"
  tags     = image_tags("data-server")
}

target "map-server" {
  inherits = ["_common"]
  target   = "map-server"
  tags     = image_tags("map-server")
}

target "battle-server" {
  inherits = ["_common"]
  target   = "battle-server"
  tags     = image_tags("battle-server")
}

target "console" {
  inherits = ["_common"]
  target   = "console"
  tags     = image_tags("console")
}
